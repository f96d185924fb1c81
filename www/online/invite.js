// The invite of an online game: a dialog (built here, worded from the catalog: online-*) with
// the link for the friend (copy, share, and a QR code for a phone beside you) and the
// spectator's link. The QR encoder (www/online/qr.js and its vendored library) is imported only
// when the dialog opens, so the page's first download does not carry it.
import { t } from '../i18n.js';

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
 * Shows the invite of a game just created: `invite` (the friend's seat link), `spectator`.
 * @param {{ invite: string, spectator: string, announce: (text: string) => void }} opts
 * @returns {HTMLDialogElement}
 */
export function showInvite({ invite, spectator, announce }) {
  document.getElementById('online-invite')?.remove();
  const said = (id) => {
    status.textContent = t(id);
    announce(t(id));
  };
  const dialog = document.createElement('dialog');
  dialog.id = 'online-invite';
  dialog.className = 'games-dialog online-invite';
  dialog.setAttribute('aria-labelledby', 'online-invite-title');
  const h = document.createElement('h2');
  h.id = 'online-invite-title';
  h.dataset.i18n = 'online-invite-title';
  h.textContent = t('online-invite-title');
  const note = document.createElement('p');
  note.className = 'hint';
  note.dataset.i18n = 'online-invite-note';
  note.textContent = t('online-invite-note');
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
  dialog.append(h, note, linkRow('online-invite-link', 'online-invite-link', invite, said), qr,
    linkRow('online-spectator-link', 'online-spectator-link', spectator, said), status, buttons);
  document.body.append(dialog);
  dialog.addEventListener('close', () => dialog.remove());
  dialog.showModal();
  import('./qr.js').then(({ qrSvg }) => qr.append(qrSvg(invite, t('online-qr-label'))))
    .catch(() => { qr.textContent = t('online-qr-failed'); });
  return dialog;
}
