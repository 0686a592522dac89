// The WebSocket to the server: opens it, says hello (the resume token kept in localStorage, else the
// nickname), reconnects with exponential back-off and jitter after a drop, and reports its state.
//
// States (also the indicator's data-state): idle (not started), connecting, open (socket open, hello sent,
// no welcome yet), online (welcomed), retrying (waiting before the next attempt), replaced (this player
// connected from another tab or device: no automatic reconnect, which would only take the seat back and forth).

const STORE_KEY = 'archipel.identity';
const MIN_DELAY_MS = 500;
const MAX_DELAY_MS = 15000;

/** {name, token} from localStorage; either may be missing. */
export function loadIdentity() {
  try {
    const raw = localStorage.getItem(STORE_KEY);
    const id = raw ? JSON.parse(raw) : {};
    return { name: typeof id.name === 'string' ? id.name : '', token: typeof id.token === 'string' ? id.token : '' };
  } catch {
    return { name: '', token: '' };
  }
}

export function saveIdentity(identity) {
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify({ name: identity.name || '', token: identity.token || '' }));
  } catch {
    // Private mode or storage full: the session still works, a reload just asks for the name again.
  }
}

export function wsUrl(location = window.location) {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws`;
}

export class Connection {
  /**
   * @param {object} handlers
   * @param {(msg: object) => void} handlers.onMessage  every parsed server message
   * @param {(state: string, detail: object) => void} handlers.onState  state changes (see above)
   * @param {() => object|null} handlers.hello  the hello message to send on open (null: send none yet)
   */
  constructor({ url = wsUrl(), onMessage, onState, hello }) {
    this.url = url;
    this.onMessage = onMessage;
    this.onState = onState;
    this.hello = hello;
    this.ws = null;
    this.state = 'idle';
    this.attempt = 0;
    this.timer = null;
    this.retryAt = 0;
    this.serverRestarting = false; // told by the server before a restart's drop (restarting())
    this.stopped = true;
    this.onWake = () => {
      if (this.state === 'retrying') this.connectNow();
    };
    window.addEventListener('online', this.onWake);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') this.onWake();
    });
  }

  setState(state, detail = {}) {
    this.state = state;
    this.onState?.(state, detail);
  }

  /** Opens the connection (no-op if one is open or opening). */
  start() {
    this.stopped = false;
    if (this.ws && (this.ws.readyState === WebSocket.CONNECTING || this.ws.readyState === WebSocket.OPEN)) return;
    this.connectNow();
  }

  /** Closes the connection for good (until start() again). */
  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.ws) {
      const ws = this.ws;
      this.ws = null;
      ws.close(1000, 'bye');
    }
    this.setState('idle');
  }

  connectNow() {
    clearTimeout(this.timer);
    this.timer = null;
    if (this.stopped) return;
    this.setState('connecting', { attempt: this.attempt });
    let ws;
    try {
      ws = new WebSocket(this.url);
    } catch (e) {
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      if (this.ws !== ws) return;
      this.setState('open');
      const hello = this.hello?.();
      if (hello) this.send(hello);
    };
    ws.onmessage = (event) => {
      if (this.ws !== ws) return;
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch {
        return; // not ours to fix; the server only sends JSON
      }
      if (msg && typeof msg === 'object' && typeof msg.type === 'string') this.onMessage?.(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.stopped) return;
      if (this.state === 'replaced') return;
      this.scheduleRetry();
    };
    // onerror is always followed by onclose; nothing to do here.
  }

  scheduleRetry() {
    const base = Math.min(MAX_DELAY_MS, MIN_DELAY_MS * 2 ** this.attempt);
    const delay = Math.round(base * (0.75 + Math.random() * 0.5));
    this.attempt = Math.min(this.attempt + 1, 10);
    this.retryAt = Date.now() + delay;
    this.timer = setTimeout(() => this.connectNow(), delay);
    this.setState('retrying', { delay, retryAt: this.retryAt, restarting: this.serverRestarting });
  }

  /** The server said it is restarting (info code server_restarting): the drop that follows is expected, and the
   * retries say so until we are back. */
  restarting() {
    this.serverRestarting = true;
  }

  /** The server welcomed us: the connection is good, the back-off starts over. */
  welcomed() {
    this.attempt = 0;
    this.serverRestarting = false;
    this.setState('online');
  }

  /** Another connection took over this player: stay disconnected until the user asks. */
  replaced() {
    this.setState('replaced');
  }

  /** Sends a message; false if there is no open socket. */
  send(msg) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  get isOpen() {
    return !!this.ws && this.ws.readyState === WebSocket.OPEN;
  }
}
