// Short sounds for a move, a capture, a check and the end of the game, synthesised with
// WebAudio (no sound files). Off until the player turns them on; the AudioContext is made on
// the first sound after that (browsers allow audio only after a user gesture).

let ctx = null;

/** A tone: `freq` Hz (to `to` Hz), `dur` seconds, starting `at` seconds from now. */
function tone(freq, dur, { at = 0, type = 'triangle', gain = 0.18, to = freq } = {}) {
  const t0 = ctx.currentTime + at;
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t0);
  osc.frequency.exponentialRampToValueAtTime(to, t0 + dur);
  amp.gain.setValueAtTime(0.0001, t0);
  amp.gain.exponentialRampToValueAtTime(gain, t0 + 0.008);
  amp.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
  osc.connect(amp).connect(ctx.destination);
  osc.start(t0);
  osc.stop(t0 + dur + 0.02);
}

/** A short burst of noise (a capture's knock). */
function knock(dur, gain = 0.35) {
  const buffer = ctx.createBuffer(1, Math.ceil(ctx.sampleRate * dur), ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length) ** 3;
  const src = ctx.createBufferSource();
  const filter = ctx.createBiquadFilter();
  const amp = ctx.createGain();
  filter.type = 'lowpass';
  filter.frequency.value = 1400;
  amp.gain.value = gain;
  src.buffer = buffer;
  src.connect(filter).connect(amp).connect(ctx.destination);
  src.start();
}

const SOUNDS = {
  move: () => tone(520, 0.06, { to: 380 }),
  capture: () => {
    knock(0.09);
    tone(300, 0.08, { to: 180, gain: 0.14 });
  },
  check: () => {
    tone(660, 0.09, { type: 'square', gain: 0.07 });
    tone(880, 0.12, { at: 0.1, type: 'square', gain: 0.07 });
  },
  end: () => [523, 659, 784].forEach((f, i) => tone(f, 0.22, { at: i * 0.13, gain: 0.14 })),
};

/** The sound names, for tests and settings. */
export const SOUND_NAMES = Object.keys(SOUNDS);

/** Plays sound `name` when `on`; returns whether it played (never throws). */
export function play(name, on) {
  if (!on || !SOUNDS[name]) return false;
  try {
    ctx ??= new (globalThis.AudioContext ?? globalThis.webkitAudioContext)();
    if (ctx.state === 'suspended') ctx.resume();
    SOUNDS[name]();
    return true;
  } catch {
    return false;
  }
}
