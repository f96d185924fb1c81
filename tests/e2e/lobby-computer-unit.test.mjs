// "Play the computer online" without a browser (www/lobby/computer.js, a fake fetch): the bots
// read from lichess's NDJSON, the challenge's form fields, and the answer read from the kept-alive
// challenge stream — accepted (the seat and its token), declined (lichess's reason key), lapsed,
// refused by the server.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { challengeBot, challengeFields, ndjson, onlineBots } from '../../www/lobby/computer.js';

/** A fetch whose answer streams `lines` (each a chunk), or answers `status` with `body`. */
function fake({ lines = [], status = 200, body = null, hang = false } = {}) {
  const asked = [];
  const f = async (url, init = {}) => {
    asked.push({ url, init });
    const chunks = lines.map((l) => new TextEncoder().encode(l));
    const stream = new ReadableStream({
      start(c) {
        init.signal?.addEventListener('abort', () => c.error(new DOMException('aborted', 'AbortError')));
      },
      pull(c) {
        const next = chunks.shift();
        if (next) c.enqueue(next);
        else if (!hang) c.close();
        // hang: a stream that stays open with nothing more (a bot gone quiet)
        else return new Promise(() => {});
      },
    });
    return {
      ok: status === 200,
      status,
      body: body === null ? stream : null,
      json: async () => body,
      text: async () => lines.join(''),
    };
  };
  return { f: /** @type {any} */ (f), asked };
}

const TERMS = { variant: 'omega', clock: '1+1', color: 'black', rated: false };
const CHALLENGE = `${JSON.stringify({ id: 'c1', finalColor: 'black', seatToken: 'ab'.repeat(16) })}\n`;

test('the bots and the challenge fields', async () => {
  const { f } = fake({ lines: ['{"username":"a"}\n', '\n{"username":"b"}\n'] });
  assert.deepEqual((await onlineBots(f)).map((b) => b.username), ['a', 'b']);
  assert.deepEqual(ndjson(''), []);
  const fields = challengeFields({ ...TERMS, clock: '0.5+0' });
  assert.equal(fields.get('clock.limit'), '30');
  assert.equal(fields.get('clock.increment'), '0');
  assert.equal(fields.get('keepAliveStream'), 'true');
  assert.equal(fields.get('rated'), 'false');
});

test('accepted: the game, the seat and its token, from lines split anywhere', async () => {
  const done = '{"done":"accepted","gameId":"g1"}\n';
  const { f, asked } = fake({ lines: [CHALLENGE.slice(0, 9), CHALLENGE.slice(9), '\n', '\n', done.slice(0, 5), done.slice(5)] });
  assert.deepEqual(await challengeBot('baroque-level-2', TERMS, f), { game: 'g1', color: 'black', token: 'ab'.repeat(16) });
  assert.equal(asked[0].url, '/api/challenge/baroque-level-2');
  assert.equal(asked[0].init.method, 'POST');
  assert.equal(asked[0].init.body.get('variant'), 'omega');
});

test('declined, lapsed and refused are told apart', async () => {
  const declined = fake({ lines: [CHALLENGE, '{"done":"declined","declineReasonKey":"later"}\n'] });
  await assert.rejects(challengeBot('b', TERMS, declined.f), { kind: 'declined', message: 'later' });
  const lapsed = fake({ lines: [CHALLENGE, '{"done":"canceled"}\n'] });
  await assert.rejects(challengeBot('b', TERMS, lapsed.f), { kind: 'lapsed' });
  const cut = fake({ lines: [CHALLENGE] });
  await assert.rejects(challengeBot('b', TERMS, cut.f), { kind: 'lapsed' });
  // A bot listed a moment ago that never answers: given up after the wait, the stream closed.
  const quiet = fake({ lines: [CHALLENGE], hang: true });
  const t0 = Date.now();
  await assert.rejects(challengeBot('b', TERMS, quiet.f, 300), { kind: 'lapsed' });
  assert.ok(Date.now() - t0 < 5000);
  assert.equal(quiet.asked[0].init.signal.aborted, true);
  const refused = fake({ status: 400, body: { error: 'Bots cannot play UltraBullet.' } });
  await assert.rejects(challengeBot('b', TERMS, refused.f), { kind: 'refused', message: 'Bots cannot play UltraBullet.' });
});
