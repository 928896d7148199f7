/* global document, window */
// The intranet page's own script: its sign-in form gives the widgets a portal session
// (HcmWidgets, from the standalone bundle), its buttons open the widgets, and it reads their events.
const status = document.getElementById('sign-in-status');
const form = document.getElementById('sign-in-form');
const picker = document.querySelector('hcm-document-template-picker');
const dialog = document.querySelector('hcm-approval-dialog');

const showSignedIn = () => {
  const me = window.HcmWidgets.signedIn();
  status.textContent = me ? `Đã đăng nhập: ${me.username}` : 'Chưa đăng nhập';
};
showSignedIn();

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const data = new FormData(form);
  try {
    await window.HcmWidgets.signIn(String(data.get('username')), String(data.get('password')));
    showSignedIn();
  } catch (error) {
    status.textContent = `Đăng nhập không thành công: ${error.message}`;
  }
});

document.getElementById('pick-template').addEventListener('click', () => picker.setAttribute('open', ''));
picker.addEventListener('hcm-select', (event) => {
  document.getElementById('picked').textContent = event.detail.items.map((item) => item.name).join(', ');
});
picker.addEventListener('hcm-cancel', () => {
  document.getElementById('picked').textContent = '(đã hủy)';
});

document.getElementById('approve').addEventListener('click', () => dialog.setAttribute('open', ''));
dialog.addEventListener('hcm-confirm', (event) => {
  document.getElementById('decision').textContent = `Đã phê duyệt, ý kiến: ${event.detail.note}`;
});

document.querySelector('hcm-workflow-assignment').addEventListener('hcm-workflow-change', (event) => {
  const { valid, value } = event.detail;
  document.getElementById('workflow').textContent =
    `${valid ? 'Hợp lệ' : 'Chưa hợp lệ'}: ${value.steps.length} bước`;
});
