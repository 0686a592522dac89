// The sign-in area in the header (docs/protocol.md, "Accounts"): register the name you play under, log in to
// an account from any device, log out here or everywhere. The password goes only in the register and login
// messages, never in a chat line: /register and /login typed in the chat open this form instead (intercept).

const PASSWORD_MIN = 8;
const PASSWORD_MAX = 256; // bytes, as the server counts them

export class AccountPanel {
  /**
   * @param {object} els  the panel's elements (index.html, #account)
   * @param {object} io
   * @param {(msg: object) => boolean} io.send  sends a message; false when no socket is open
   * @param {() => void} io.connect  opens the connection (its hello is then takeLogin()'s message)
   * @param {(key: string, vars?: object) => string} io.t  the page's translations
   * @param {() => string} io.lang  the page's language, sent with a login as with a hello
   */
  constructor(els, { send, connect, t, lang }) {
    this.els = els;
    this.send = send;
    this.connect = connect;
    this.t = t;
    this.lang = lang;
    this.who = { welcomed: false, name: '', registered: false };
    this.pendingLogin = null; // a login waiting for the socket to open (sent instead of a hello)
    this.busy = false; // a register or login on its way: its error shows here, not in the chat
    els.form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.login();
    });
    els.register.addEventListener('click', () => this.register());
    els.logout.addEventListener('click', () => this.logout(false));
    els.logoutAll.addEventListener('click', () => this.logout(true));
    this.render();
  }

  /** Who this connection is now: after a welcome, an account message, or a sign-out. */
  update(who) {
    Object.assign(this.who, who);
    this.render();
  }

  render() {
    const { welcomed, name, registered } = this.who;
    const { els, t } = this;
    els.summary.textContent = registered ? `✓ ${name}` : t('account.signin');
    els.state.textContent = registered ? t('account.registered', { name }) : welcomed ? t('account.guest', { name }) : '';
    els.state.hidden = !els.state.textContent;
    els.nameField.hidden = registered;
    els.passwordField.hidden = registered;
    els.loginButton.hidden = registered;
    els.register.hidden = registered || !welcomed; // a guest registers the name they play under
    els.logout.hidden = !registered;
    els.logoutAll.hidden = !registered;
  }

  /** A chat line: /register or /login opens the form instead of going to the server (true: taken). */
  intercept(line) {
    const m = /^\/(register|login)(?:\s+(\S+))?/i.exec(line.trim());
    if (!m) return false;
    this.open();
    if (m[1].toLowerCase() === 'login' && m[2] && !this.who.registered) this.els.name.value = m[2];
    (this.who.registered ? this.els.logout : this.els.password).focus();
    return true;
  }

  open() {
    this.els.details.open = true;
  }

  /** The login to send instead of a hello on a socket that just opened (taken once). */
  takeLogin() {
    const login = this.pendingLogin;
    this.pendingLogin = null;
    return login;
  }

  password() {
    const password = this.els.password.value;
    const bytes = new TextEncoder().encode(password).length;
    if (bytes < PASSWORD_MIN || bytes > PASSWORD_MAX) {
      this.showError(this.t('account.password.length'));
      return null;
    }
    return password;
  }

  login() {
    const name = this.els.name.value.trim();
    if (!name) return this.showError(this.t('account.name.missing'));
    const password = this.password();
    if (password === null) return;
    const message = { type: 'login', name, password, lang: this.lang() };
    this.clear();
    if (!this.send(message)) {
      this.pendingLogin = message;
      this.connect();
    }
  }

  register() {
    const password = this.password();
    if (password === null) return;
    this.clear();
    this.send({ type: 'register', password });
  }

  logout(everywhere) {
    this.send(everywhere ? { type: 'logout', everywhere: true } : { type: 'logout' });
  }

  /** Sent: the password leaves the page's fields, and the answer's error (if any) shows here. */
  clear() {
    this.els.password.value = '';
    this.els.error.hidden = true;
    this.busy = true;
  }

  /** An account message or a welcome answered the request. */
  done() {
    this.busy = false;
    this.els.error.hidden = true;
    this.els.details.open = false;
  }

  /** Whether this server error answers our request (then it is shown here). */
  takeError(msg) {
    const ours = ['login_failed', 'login_limited', 'bad_password', 'name_registered', 'already_registered',
      'not_registered', 'not_available'];
    if (!this.busy || !ours.includes(msg.code)) return false;
    this.busy = false;
    this.open();
    this.showError(msg.message || msg.code);
    return true;
  }

  showError(text) {
    this.els.error.textContent = text;
    this.els.error.hidden = false;
  }
}
