/** The jest tier as Stryker runs it for each mutant: quick tests first (test/mutation/sequencer.js). */
const base = require('./jest.config');

module.exports = { ...base, testSequencer: '<rootDir>/test/mutation/sequencer.js' };
