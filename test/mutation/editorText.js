/**
 * Which text only the n8n editor shows (used by editorTextIgnorer.mjs; CommonJS so that jest
 * can test it): a parameter's displayName, description, placeholder and hint, an option's
 * name, description and action, a node's subtitle, and documentation links. Error messages
 * and descriptions of errors are behaviour: they are not in parameter definitions.
 * `path` is Babel's NodePath of a string or template literal, as Stryker hands it over.
 */
const PARAMETER_TEXT = new Set([
	'displayName',
	'description',
	'placeholder',
	'hint',
	'subtitle',
	'documentationUrl',
]);
const OPTION_TEXT = new Set(['name', 'description', 'action']);

function keyOf(property) {
	const key = property.node.key;
	return key.type === 'Identifier'
		? key.name
		: key.type === 'StringLiteral'
			? key.value
			: undefined;
}

function siblingKeys(objectPath) {
	return new Set(
		objectPath.node.properties
			.filter((p) => p.type === 'ObjectProperty' || p.type === 'ObjectMethod')
			.map((p) => (p.key.type === 'Identifier' ? p.key.name : p.key.value)),
	);
}

/** Why a text value is editor-only, or undefined when it is not. */
function editorTextReason(path) {
	const property = path.parentPath;
	// Class fields of node and credential classes: `displayName = '…'`, `documentationUrl = '…'`.
	if (
		property?.isClassProperty() &&
		path.key === 'value' &&
		['displayName', 'documentationUrl'].includes(keyOf(property))
	) {
		return `editor text: the ${keyOf(property)} of a credential, not read by n8n's engine`;
	}
	if (!property?.isObjectProperty() || path.key !== 'value') return undefined;
	const key = keyOf(property);
	const object = property.parentPath;
	if (!object?.isObjectExpression()) return undefined;
	const keys = siblingKeys(object);
	// A parameter definition (or the node's own description) has a displayName; one built from
	// another (`{ ...contactLocator, description, displayOptions }`) spreads it and says where it shows.
	const builtFromAnother =
		keys.has('displayOptions') && object.node.properties.some((p) => p.type === 'SpreadElement');
	if ((keys.has('displayName') || builtFromAnother) && PARAMETER_TEXT.has(key))
		return `editor text: a parameter's ${key}, not read by n8n's engine`;
	// An option of an options parameter is { name, value, … }: its value is behaviour, its name is text.
	if (keys.has('value') && !keys.has('type') && !keys.has('displayName') && OPTION_TEXT.has(key))
		return `editor text: an option's ${key}, not read by n8n's engine`;
	// Documentation links of credentials and codex-like objects.
	if (
		key === 'documentationUrl' ||
		(key === 'url' &&
			keys.has('url') &&
			object.parentPath?.parentPath?.isObjectProperty() &&
			keyOf(object.parentPath.parentPath) === 'primaryDocumentation')
	) {
		return 'editor text: a documentation link';
	}
	return undefined;
}

module.exports = { editorTextReason };
