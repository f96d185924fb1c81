// The bindings' errors as the page handles them: `{code, params, message}` (the engine's error
// code, its named parameters and English message), which the page words through its catalog
// (i18n.js's errorText). No import of the bindings, so modules tested in Node can use it.

/**
 * `{code, params}` of an error thrown by the bindings (or any other error).
 * @param {any} e
 * @returns {import('./types.js').EngineError}
 */
export function errorOf(e) {
  if (e && typeof e.code === 'string') return { code: e.code, params: { ...(e.params ?? {}) }, message: e.message };
  return { code: 'internal', params: { message: String(e?.message ?? e) }, message: String(e?.message ?? e) };
}
