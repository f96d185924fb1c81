// Whitespace out of the page's scripts for their compressed copies (scripts/precompress.mjs;
// tests/e2e/squeeze-unit.test.mjs). Both functions take TypeScript (a dev dependency) as `ts`.

/** Characters of a name or number (two of them side by side need a space between their tokens). */
const WORD = /[\w$\\\u0080-\uffff]/;
/** Operator characters (two side by side could make another operator: `+ +`, `< =`). */
const JOIN = /[+\-*\/%<>=&|^!?.:]/;

/**
 * `code` (a module without comments) without the whitespace between its tokens: each token as it
 * is (strings, templates and regular expressions whole: they are tokens of TypeScript's parse), a
 * line break where the code had one between two tokens (so automatic semicolon insertion reads
 * it as before), else a space only where the two tokens would run together.
 * @param {typeof import('typescript')} ts TypeScript (a dev dependency)
 * @param {string} code
 */
export function squeeze(ts, code) {
  const sf = ts.createSourceFile('m.js', code, ts.ScriptTarget.ESNext, true, ts.ScriptKind.JS);
  let out = '';
  let end = 0;
  /** @param {import('typescript').Node} node */
  const visit = (node) => {
    const kids = node.getChildren(sf);
    if (kids.length && node.kind !== ts.SyntaxKind.NoSubstitutionTemplateLiteral) {
      for (const k of kids) visit(k);
      return;
    }
    const start = node.getStart(sf);
    const text = code.slice(start, node.end);
    if (!text) return;
    const gap = code.slice(end, start);
    if (out) {
      const a = out[out.length - 1];
      const b = text[0];
      if (gap.includes('\n')) out += '\n';
      else if (gap && ((WORD.test(a) && WORD.test(b)) || (JOIN.test(a) && JOIN.test(b)) || (/\d/.test(a) && b === '.'))) out += ' ';
    }
    out += text;
    end = node.end;
  };
  visit(sf);
  return `${out}\n`;
}

/** Whether `a` and `b` are the same program: TypeScript's printer prints them alike. */
export function samePrinted(ts, /** @type {string} */ a, /** @type {string} */ b) {
  const printer = ts.createPrinter({ removeComments: true });
  const print = (/** @type {string} */ code) => printer.printFile(ts.createSourceFile('m.js', code, ts.ScriptTarget.ESNext, true, ts.ScriptKind.JS));
  return print(a) === print(b);
}
