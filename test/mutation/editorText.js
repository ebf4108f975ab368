/**
 * A Stryker ignorer (stryker.config.json's `ignorers`): text only the n8n editor shows is not
 * mutated, since no test through n8n's engine can tell it apart. That is a parameter's
 * displayName, description, placeholder and hint, an option's name, description and action,
 * a credential's displayName and documentation links; error messages are behaviour and stay.
 * `path` is the Babel NodePath Stryker hands over. CommonJS so that jest can test it.
 */
const PARAMETER_TEXT = new Set(
	'displayName description placeholder hint subtitle documentationUrl'.split(' '),
);
const OPTION_TEXT = new Set(['name', 'description', 'action']);

const keyOf = ({ node: { key } }) => (key.type === 'Identifier' ? key.name : key.value);

/** Why a string or template literal is editor-only text, or undefined when it is behaviour. */
function editorTextReason(path) {
	const property = path.parentPath;
	if (path.key !== 'value') return undefined;
	if (property?.isClassProperty() && ['displayName', 'documentationUrl'].includes(keyOf(property)))
		return `editor text: a credential's ${keyOf(property)}`;
	const object = property?.parentPath;
	if (!property?.isObjectProperty() || !object?.isObjectExpression()) return undefined;
	const key = keyOf(property);
	const keys = new Set(
		object.node.properties.filter((p) => p.key).map((p) => p.key.name ?? p.key.value),
	);
	// A parameter has a displayName; one built from another (`{ ...locator, description,
	// displayOptions }`) spreads it and says where it shows.
	const builtFromAnother =
		keys.has('displayOptions') && object.node.properties.some((p) => p.type === 'SpreadElement');
	if ((keys.has('displayName') || builtFromAnother) && PARAMETER_TEXT.has(key))
		return `editor text: a parameter's ${key}`;
	// An option of an options parameter is { name, value, … }: its value is behaviour.
	if (keys.has('value') && !keys.has('type') && !keys.has('displayName') && OPTION_TEXT.has(key))
		return `editor text: an option's ${key}`;
	const parent = object.parentPath?.parentPath;
	const docsUrl =
		key === 'url' && parent?.isObjectProperty() && keyOf(parent) === 'primaryDocumentation';
	if (key === 'documentationUrl' || docsUrl) return 'editor text: a documentation link';
	return undefined;
}

const strykerPlugins = [
	{
		kind: 'Ignore',
		name: 'editor-text',
		value: {
			shouldIgnore: (path) =>
				path.isStringLiteral() || path.isTemplateLiteral() ? editorTextReason(path) : undefined,
		},
	},
];

module.exports = { editorTextReason, strykerPlugins };
