// The links of an online game in a dialog (built here, worded from the catalog: online-*): the
// invite (the friend's one-time link, with a QR code for a phone beside you, and the
// spectators' link), the share control's spectators' link, and "Continue on another device". The QR encoder (www/online/qr.js and its vendored library) is imported only
// when the dialog opens, so the page's first download does not carry it.
import { t } from '../services/i18n.js';

/**
 * One labelled link with a Copy button (and Share where the browser has it).
 * @param {string} id
 * @param {string} labelId catalog id of its label
 * @param {string} url
 * @param {(id: string) => void} said announces a catalog message
 */
function linkRow(id, labelId, url, said) {
  const row = document.createElement('div');
  row.className = 'online-link';
  const label = document.createElement('label');
  label.htmlFor = id;
  label.dataset.i18n = labelId;
  label.textContent = t(labelId);
  const input = document.createElement('input');
  input.id = id;
  input.readOnly = true;
  input.value = url;
  input.spellcheck = false;
  input.addEventListener('focus', () => input.select());
  const copy = document.createElement('button');
  copy.type = 'button';
  copy.className = 'small';
  copy.dataset.i18n = 'online-copy';
  copy.dataset.copy = id;
  copy.textContent = t('online-copy');
  copy.addEventListener('click', async () => {
    input.select();
    try {
      await navigator.clipboard.writeText(url);
      said('online-copied');
    } catch {
      said('online-copy-by-hand');
    }
  });
  row.append(label, input, copy);
  if (navigator.share) {
    const share = document.createElement('button');
    share.type = 'button';
    share.className = 'small';
    share.dataset.i18n = 'online-share';
    share.textContent = t('online-share');
    share.addEventListener('click', () => navigator.share({ title: t('online-invite-title'), url }).catch(() => {}));
    row.append(share);
  }
  return row;
}

/**
 * A dialog of links (built here, worded from the catalog): a title, a note, each link with Copy
 * (and Share), and the QR code of the first (for a phone beside you).
 * @param {{ title: string, note: string, noteArgs?: Record<string, any>, links: { id: string, label: string, url: string }[], qrLabel: string, announce: (text: string) => void }} opts
 * @returns {HTMLDialogElement}
 */
export function showLinks({ title, note: noteId, noteArgs = {}, links, qrLabel, announce }) {
  document.getElementById('online-invite')?.remove();
  const said = (id) => {
    status.textContent = t(id);
    announce(t(id));
  };
  const dialog = document.createElement('dialog');
  dialog.id = 'online-invite';
  dialog.className = 'games-dialog online-invite';
  dialog.dataset.kind = title;
  dialog.setAttribute('aria-labelledby', 'online-invite-title');
  const h = document.createElement('h2');
  h.id = 'online-invite-title';
  h.dataset.i18n = title;
  h.textContent = t(title);
  const note = document.createElement('p');
  note.className = 'hint';
  note.textContent = t(noteId, noteArgs);
  const qr = document.createElement('div');
  qr.className = 'online-qr';
  qr.id = 'online-qr';
  const status = document.createElement('p');
  status.className = 'hint';
  status.setAttribute('role', 'status');
  const close = document.createElement('button');
  close.type = 'button';
  close.id = 'online-invite-close';
  close.className = 'primary';
  close.dataset.i18n = 'online-invite-done';
  close.textContent = t('online-invite-done');
  close.addEventListener('click', () => dialog.close());
  const buttons = document.createElement('div');
  buttons.className = 'dialog-buttons';
  buttons.append(close);
  const [first, ...rest] = links.map((l) => linkRow(l.id, l.label, l.url, said));
  dialog.append(h, note, first, qr, ...rest, status, buttons);
  document.body.append(dialog);
  dialog.addEventListener('close', () => dialog.remove());
  dialog.showModal();
  import('./qr.js').then(({ qrSvg }) => qr.append(qrSvg(links[0].url, t(qrLabel))))
    .catch(() => { qr.textContent = t('online-qr-failed'); });
  return dialog;
}

/**
 * Shows the invite of a game: `invite` (the friend's one-time link), `spectator`.
 * @param {{ invite: string, spectator: string, announce: (text: string) => void }} opts
 */
export function showInvite({ invite, spectator, announce }) {
  return showLinks({
    title: 'online-invite-title', note: 'online-invite-note', qrLabel: 'online-qr-label', announce,
    links: [{ id: 'online-invite-link', label: 'online-invite-link', url: invite }, { id: 'online-spectator-link', label: 'online-spectator-link', url: spectator }],
  });
}

/**
 * Shows the spectators' link of a game (`spectator`), with the friend's invitation while it is
 * not used yet (`invite`).
 * @param {{ spectator: string, invite: string | null, announce: (text: string) => void }} opts
 */
export function showShare({ spectator, invite, announce }) {
  if (invite) return showInvite({ invite, spectator, announce });
  return showLinks({
    title: 'online-share-title', note: 'online-share-note', qrLabel: 'online-share-qr-label', announce,
    links: [{ id: 'online-spectator-link', label: 'online-spectator-link', url: spectator }],
  });
}

/**
 * Shows the link that continues this seat on another device (one use, until `expiresAt`).
 * @param {{ url: string, expiresAt: number, announce: (text: string) => void }} opts
 */
export function showTransfer({ url, expiresAt, announce }) {
  const minutes = Math.max(1, Math.round((expiresAt - Date.now()) / 60000));
  return showLinks({
    title: 'online-transfer-title', note: 'online-transfer-note', noteArgs: { minutes }, qrLabel: 'online-transfer-qr-label', announce,
    links: [{ id: 'online-transfer-link', label: 'online-transfer-link', url }],
  });
}
