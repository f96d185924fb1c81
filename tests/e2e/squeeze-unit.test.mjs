// scripts/squeeze.mjs: the compressed copies' scripts without their layout are the same programs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from './helpers.mjs';
import { samePrinted, squeeze } from '../../scripts/squeeze.mjs';

const ts = createRequire(join(ROOT, 'package.json'))('typescript');

test('squeeze drops the layout and keeps tokens, line breaks and needed spaces', () => {
  const code = [
    'export function f(a, b) {',
    '    const x = a + +b - -a;',
    '    let s = `one ${ a }  two`, r = /a b\\/c/g;',
    '    if (typeof a === "string" && a in b) return 1 .toString();',
    '    const y = a',
    '    ;(b ?? x)?.c',
    "    return x / 2 / y + 'a  b' + r.source + s;",
    '}',
    '',
  ].join('\n');
  const out = squeeze(ts, code);
  assert.equal(
    out,
    [
      'export function f(a,b){',
      'const x=a+ +b- -a;',
      'let s=`one ${a}  two`,r= /a b\\/c/g;',
      'if(typeof a==="string"&&a in b)return 1 .toString();',
      'const y=a',
      ';(b??x)?.c',
      "return x/2/y+'a  b'+r.source+s;",
      '}',
      '',
    ].join('\n'),
  );
  assert.ok(samePrinted(ts, code, out));
  // Run, both give the same answers.
  const run = (src) => new Function(`${src.replace('export ', '')}; return f;`)();
  assert.equal(run(out)('ab', { ab: 1 }), run(code)('ab', { ab: 1 }));
  assert.equal(run(out)(3, 4), run(code)(3, 4));
});

test('samePrinted tells a changed program from the same one', () => {
  assert.ok(samePrinted(ts, 'a = b\n(c)', 'a=b\n(c)'));
  assert.ok(!samePrinted(ts, 'a = b\n++c', 'a=b++c'));
  assert.ok(!samePrinted(ts, 'x = 1 .y', 'x=1.y'));
});
