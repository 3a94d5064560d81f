// A fixture extension whose published script is not valid JavaScript (no bundler would build
// it, so it is written as it is): the page must report it failed with the browser's SyntaxError.

/** The script's text: a `defineExtension` call with its closing brace missing. */
export const SYNTAX_ERROR_SCRIPT = `(() => {
  globalThis.__icsSyntaxError = defineExtension({ name: 'syntax-error', version: '1.0.0',
    activate() { document.body.append('syntax-error ran'); }
  );
})();
`;
