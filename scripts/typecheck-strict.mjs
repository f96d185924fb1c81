// The stricter type check of the page's core (issue 34): `noUnusedLocals` and `noImplicitAny`
// for www/game/, www/engine/ and www/pages/ (tsconfig.strict.json). tsc also checks what those
// modules import from elsewhere in www/, which is held to tsconfig.json's rules only, so its
// errors are reported here only for the three folders. Run by scripts/test.sh after the plain
// check; `node scripts/typecheck-strict.mjs` by hand.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const STRICT = /^www\/(game|engine|pages)\//;

const tsc = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.strict.json', '--noEmit'], { cwd: root, encoding: 'utf8' });
const errors = `${tsc.stdout}${tsc.stderr}`.split('\n').filter((line) => {
  const file = /^(www\/[^(]+)\(/.exec(line)?.[1];
  return file && STRICT.test(file);
});
if (tsc.status !== 0 && !/error TS/.test(`${tsc.stdout}${tsc.stderr}`)) {
  console.error(`${tsc.stdout}${tsc.stderr}`);
  process.exit(2);
}
if (errors.length) {
  console.error(errors.join('\n'));
  console.error(`${errors.length} strict type errors in www/game, www/engine, www/pages (tsconfig.strict.json)`);
  process.exit(1);
}
console.log('strict type check of www/game, www/engine, www/pages: no errors');
