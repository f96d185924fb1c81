// A QR code of a link as an SVG element (one path of dark modules, a quiet zone of 4), for a
// phone beside the screen to open an invite. The encoder is uqr (www/vendor/uqr, copied from
// npm by scripts/build-web.sh): imported only here, and this module only when an invite shows.
import { encode } from '../vendor/uqr/index.js';

const SVG = 'http://www.w3.org/2000/svg';

/**
 * The QR code of `text` (error correction M), labelled `label` for screen readers.
 * @param {string} text
 * @param {string} label
 */
export function qrSvg(text, label) {
  const { data } = encode(text, { ecc: 'M', border: 4 });
  const n = data.length;
  let d = '';
  data.forEach((row, y) => row.forEach((dark, x) => {
    if (dark) d += `M${x} ${y}h1v1h-1z`;
  }));
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${n} ${n}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  svg.setAttribute('shape-rendering', 'crispEdges');
  svg.classList.add('qr-code');
  const bg = document.createElementNS(SVG, 'rect');
  bg.setAttribute('width', String(n));
  bg.setAttribute('height', String(n));
  bg.setAttribute('fill', '#fff');
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', d);
  path.setAttribute('fill', '#000');
  svg.append(bg, path);
  return svg;
}
