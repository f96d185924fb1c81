// The position editor's links and snippets without a browser (www/editor/links.js): the game
// page and analysis links keep the language, and the snippets quote what HTML and the shell need.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyseUrl, playUrl, snippetTexts } from '../../www/editor/links.js';

const fen = 'k9/10/3r6/4P5/10/10/10/10/10/9K w - - 0 1';

test('play and analyse links: the position, the analysis flag, the language carried over', () => {
  const play = new URL(playUrl({ variant: 'hybrid', fen }), 'http://h/www/editor.html');
  assert.equal(play.pathname, '/index.html');
  assert.equal(play.searchParams.get('variant'), 'hybrid');
  assert.equal(play.searchParams.get('fen'), fen);
  assert.equal(play.searchParams.get('lang'), null);
  const analyse = new URL(analyseUrl({ variant: 'hybrid', fen, lang: 'zh-Hant' }), 'http://h/www/editor.html');
  assert.equal(analyse.searchParams.get('analysis'), '1');
  assert.equal(analyse.searchParams.get('lang'), 'zh-Hant');
});

test('snippets: the element, the iframe and the command, turned for Black when asked', () => {
  const base = new URL('https://example.org/www/');
  const white = snippetTexts({ variant: 'omega', fen, orientation: 'white', base, title: 'Omega "Chess"', linkText: 'Open' });
  assert.match(white.element, /^<script type="module" src="https:\/\/example\.org\/www\/baroque-board\.js"><\/script>\n<baroque-board variant="omega" fen="k9\/10/);
  assert.doesNotMatch(white.element, /orientation/);
  assert.match(white.iframe, /src="https:\/\/example\.org\/www\/embed\.html\?variant=omega&amp;fen=/);
  assert.match(white.iframe, /title="Omega &quot;Chess&quot;"/);
  assert.equal(white.command, `baroque diagram --svg --variant omega --fen '${fen}' --out position.svg`);
  const black = snippetTexts({ variant: 'omega', fen, orientation: 'black', base, title: 'Omega', linkText: 'Open' });
  assert.match(black.element, / orientation="black"><a href="[^"]+">Open<\/a><\/baroque-board>$/);
  assert.match(black.iframe, /orientation=black/);
  assert.match(black.command, / --orientation black --out position\.svg$/);
});

test('a quote in the FEN is quoted for the shell and for HTML', () => {
  const s = snippetTexts({ variant: 'ultima', fen: `a'b"<c`, orientation: 'white', base: new URL('http://h/'), title: '', linkText: 'Open' });
  assert.ok(s.command.includes(`--fen 'a'\\''b"<c'`));
  assert.ok(s.element.includes('fen="a\'b&quot;<c"'));
});
