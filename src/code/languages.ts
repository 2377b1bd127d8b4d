/** The languages whose documents code awareness reads (kept apart: the extension checks them before loading dist/code.js). */
export const CODE_LANGUAGES: readonly string[] = ['typescript', 'javascript', 'typescriptreact', 'javascriptreact', 'python'];
