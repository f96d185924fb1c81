// The player's settings, remembered in localStorage under `baroque.prefs`: sound (off by
// default), coordinates, animation, turning the board for the player to move, pondering (the
// computer thinking on the player's time at the top levels; on by default), and the last
// level and time control chosen. A missing or damaged entry gives the defaults (never throws).

const KEY = 'baroque.prefs';
const DEFAULTS = { sound: false, coordinates: true, animation: true, autoflip: false, ponder: true, level: null, clock: null };

/** The settings, with the defaults for whatever is missing or wrong. */
export function loadPrefs() {
  let saved = {};
  try {
    saved = JSON.parse(localStorage.getItem(KEY) ?? '{}') ?? {};
  } catch {
    saved = {};
  }
  const p = { ...DEFAULTS };
  for (const k of ['sound', 'coordinates', 'animation', 'autoflip', 'ponder']) if (typeof saved[k] === 'boolean') p[k] = saved[k];
  if (Number.isInteger(saved.level)) p.level = saved.level;
  if (saved.clock && Number.isFinite(saved.clock.base) && Number.isFinite(saved.clock.inc)) p.clock = { base: saved.clock.base, inc: saved.clock.inc };
  return p;
}

/** Remembers `patch` on top of the current settings; returns them. */
export function savePrefs(patch) {
  const p = { ...loadPrefs(), ...patch };
  try {
    localStorage.setItem(KEY, JSON.stringify(p));
  } catch {
    // not remembered (storage off or full): the settings still apply to this visit
  }
  return p;
}
