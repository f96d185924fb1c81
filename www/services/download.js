// Files the page offers for download: one place that turns a Blob into a download, and the board
// pictures. The SVG comes from the board's own SVG writer (wasm `BoardView.svg` / `BoardView.diagram`,
// the same code as `baroque diagram --svg`); the PNG is that SVG rasterised here through an Image
// and a canvas, so the SVG and the PNG of a board look the same. Used by the game page and the
// position editor.

/** Offers `blob` as a download named `name`. */
export function download(blob, name) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

/** Offers the SVG text `svg` as `<name>.svg`. */
export function downloadSvg(svg, name) {
  download(new Blob([svg], { type: 'image/svg+xml' }), `${name}.svg`);
}

/** The picture's own size in pixels, from the root element's `width` and `height`. */
function svgSize(svg) {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const root = doc.documentElement;
  if (doc.querySelector('parsererror') || root.localName !== 'svg') throw new Error('not an SVG picture');
  const w = parseFloat(root.getAttribute('width'));
  const h = parseFloat(root.getAttribute('height'));
  if (!(w > 0 && h > 0)) throw new Error('the SVG picture has no size');
  return { w, h };
}

/**
 * The SVG text `svg` rasterised as a PNG Blob `width` pixels wide (the picture's own width by
 * default), its height in proportion (a caption makes it taller than wide).
 */
export async function svgToPng(svg, width) {
  const { w, h } = svgSize(svg);
  const px = Math.max(1, Math.round(width ?? w));
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const cv = document.createElement('canvas');
    cv.width = px;
    cv.height = Math.max(1, Math.round((px * h) / w));
    cv.getContext('2d').drawImage(img, 0, 0, cv.width, cv.height);
    const blob = await new Promise((ok) => cv.toBlob(ok, 'image/png'));
    if (!blob) throw new Error('the browser could not encode the PNG');
    return blob;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Offers the SVG text `svg` rasterised `width` pixels wide as `<name>.png`. */
export async function downloadPng(svg, name, width) {
  download(await svgToPng(svg, width), `${name}.png`);
}
