/** Why the literal at `path` (Babel's NodePath) is editor-only text, or undefined when it is behaviour. */
export function editorTextReason(path: unknown): string | undefined;
