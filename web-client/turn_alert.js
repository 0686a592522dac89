// An optional alert when it becomes your turn (issue 12): a short tone made in the page (Web Audio, no file),
// and a notification when the tab is hidden and the browser allows them. Off by default; the choice is kept
// on this device (localStorage).

const STORE_KEY = 'archipel.turnAlert';

export function turnAlertOn() {
  try {
    return localStorage.getItem(STORE_KEY) === 'on';
  } catch {
    return false;
  }
}

export function setTurnAlert(on) {
  try {
    localStorage.setItem(STORE_KEY, on ? 'on' : 'off');
  } catch {
    // no storage: the choice lasts as long as the page
  }
  // Asked once, when the player turns the alert on (a browser asks only after a gesture).
  if (on && typeof Notification !== 'undefined' && Notification.permission === 'default') Notification.requestPermission().catch(() => {});
}

let audio = null;

/** The alert itself: a 0.15 s tone, and a notification `text` if the tab is hidden. */
export function alertTurn(text) {
  try {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (Context) {
      audio = audio || new Context();
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = 660;
      gain.gain.value = 0.08;
      tone.connect(gain).connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + 0.15);
    }
  } catch {
    // no sound on this device
  }
  if (document.hidden && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
    try {
      new Notification('Archipel', { body: text, tag: 'archipel-turn' });
    } catch {
      // notifications unavailable here
    }
  }
}
