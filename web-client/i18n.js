// The page's own words in English and French. Server texts (chat, info lines, error messages) are shown as
// the server sends them; everything the client writes itself goes through t().
//
// The language: the one saved in localStorage (the switch in the top bar), else the first of the browser's
// languages (navigator.languages) that is English or French, else English.
//   t('key', {name: 'Anna'})   a string with {name} filled in, or a function entry called with the params
//   addStrings({en: {...}, fr: {...}})   a board module adds its own words
//   onLangChange(fn)           fn() after setLang()
// Static markup is translated by data attributes: data-i18n (text), data-i18n-placeholder, data-i18n-title,
// data-i18n-aria-label, each naming a key (applyStatic()).

const STORE_KEY = 'archipel.lang';
export const LANGUAGES = { en: 'English', fr: 'Français' };

const plural = (n, one, many) => (Math.abs(n) === 1 ? one : many);

const dictionaries = {
  en: {
    'lang.label': 'Language',
    'me.change': 'change name',
    'me.change.title': 'Forget this name on this device',
    'account.signin': 'Sign in',
    'account.name': 'Name',
    'account.password': 'Password',
    'account.login': 'Log in',
    'account.register': 'Register this name',
    'account.logout': 'Log out',
    'account.logout_all': 'Log out everywhere',
    'account.guest': 'You play as {name}, a guest: register the name to keep it, or log in to your account.',
    'account.registered': '{name} is your account.',
    'account.password.length': 'A password is 8 to 256 characters.',
    'account.name.missing': 'Give the name of your account.',
    'conn.idle': 'not connected',
    'conn.connecting': 'connecting…',
    'conn.open': 'signing in…',
    'conn.online': 'online',
    'conn.replaced': 'connected in another tab',
    'conn.retrying': 'offline, retrying in {s}s',
    'conn.restarting': 'server restarting, back in {s}s',
    'conn.reconnect': 'reconnect',
    'login.title': 'Choose a name',
    'login.label': 'Nickname',
    'login.placeholder': 'letters, digits, _ - .',
    'login.submit': 'Enter',
    'login.invalid': 'A name is 1 to 24 letters, digits, "_", "-" or ".", and not only digits.',
    'lobby.rooms': 'Rooms',
    'lobby.empty': 'No rooms yet: create one above.',
    'lobby.options': 'Options',
    'lobby.finished': ({ n }) => `${n} finished ${n === 1 ? 'game' : 'games'}`,
    'lobby.new': 'New room',
    'lobby.game': 'Game',
    'lobby.loading': 'loading…',
    'lobby.create': 'Create room',
    'lobby.welcome': 'Archipel is a table for island board games, played online with friends or against bots: pick a game below and create a room, join one, or play against bots right now.',
    'lobby.quick': 'Play against bots now',
    'lobby.quick.title': 'A room of this game with bots in the other seats, started at once',
    'lobby.noGames': 'no games on this server',
    'lobby.join': 'Join',
    'lobby.takeSeat': 'Take seat',
    'lobby.watch': 'Watch',
    'lobby.free': 'free',
    'lobby.host': 'host',
    'lobby.players': ({ min, max }) => (min === max ? `${min} players` : `${min}–${max} players`),
    'lobby.optionPlayers': ({ min, max }) => (min === max ? `only with ${min} players` : `only with ${min}–${max} players`),
    'status.waiting': 'waiting',
    'status.playing': 'playing',
    'status.over': 'over',
    'status.abandoned': 'abandoned',
    'seat.connected': 'connected',
    'seat.away': 'away',
    'seat.awayCountdown': ({ time }) => `away · a bot may play in ${time}`,
    'room.playerLeft': ({ name, s }) => (s ? `${name} left the table; the others may hand the seat to a bot in ${s} s.` : `${name} left the table.`),
    'room.playerBack': ({ name }) => `${name} is back.`,
    'seat.free': 'free',
    'seat.freeSeat': 'free seat',
    'seat.you': 'you',
    'seat.host': 'host',
    'seat.bot': 'bot',
    'seat.toAct': 'to act',
    'seat.standIn': 'a bot plays for them',
    'seat.clock': 'Time left on the turn clock for the whole game',
    'seat.outOfTime': 'Out of time: the others may hand this seat to a bot',
    'seat.outOfTimeShort': 'out of time',
    'seat.handover': 'Hand to a bot',
    'seat.takeBack': 'Take my seat back',
    'seat.handoverVoted': 'voted ({n})',
    'seat.handoverHelp': 'Away for a while: vote to let a bot play this seat until its player comes back (/join)',
    'room.start': 'Start game',
    'room.sit': 'Take a seat',
    'room.addBot': 'Add a bot',
    'room.botStrength': 'Bot strength',
    'bot.random': 'Easy bot (plays at random)',
    'bot.greedy': 'Normal bot (the best move right now)',
    'bot.search': 'Strong bot (looks a few moves ahead)',
    'bot.expert': 'Expert bot (plans ahead, about a second a move)',
    'room.leave': 'Leave',
    'room.stopWatching': 'Stop watching',
    'room.backToLobby': 'Back to the lobby',
    'room.options': 'Options: {list}',
    'room.option': '{name}: {value}',
    'room.optionUnused': ({ option, n }) => `${option} (not used with ${n} ${n === 1 ? 'player' : 'players'})`,
    'room.watching': 'Watching: {list}',
    'room.seated': ({ n, game, range }) => `${n} seated; ${game} needs ${range} players. `,
    'room.startWhenReady': 'Start when everyone is here.',
    'room.waitHost': 'Waiting for {host} to start.',
    'room.theHost': 'the host',
    'room.yourTurn': 'Your turn.',
    'room.waitingFor': 'Waiting for {list}.',
    'room.youWatch': 'You are watching.',
    'room.seatN': 'seat {n}',
    'room.more': 'Room details',
    'room.rules': 'The rules in short',
    'room.turnAlert': 'A sound (and a notification when this tab is hidden) when it is my turn',
    'drawer.show': '▴ Show the hand',
    'drawer.hide': '▾ Fold the hand',
    'tip.notYourTurn': 'Not your turn: waiting for {list}.',
    'tip.notAMove': 'Not a move now: the flagged places and the bright cards are your moves.',
    'leave.question': 'Leave the game? Your seat will wait for you: /join brings you back.',
    'leave.yes': 'Leave',
    'leave.no': 'Stay',
    'since.yourTurn': 'Since your last turn:',
    'since.lastMoves': 'Last moves:',
    'since.moves': ({ n }) => (n === 1 ? '1 move' : `${n} moves`),
    'title.yourTurn': '● Your turn – Archipel',
    'over.title': 'Game over',
    'over.place': 'Place',
    'over.player': 'Player',
    'over.score': 'Score',
    'over.winner': '{name} wins.',
    'over.sharedWin': 'Shared win: {names}.',
    'over.and': ' and ',
    'over.solo.won': '{name} won the solo game.',
    'over.solo.lost': '{name} lost the solo game.',
    'over.rematch': 'Rematch',
    'over.joinRematch': 'Join the rematch (#{id})',
    'replay.open': 'Replay',
    'history.title': 'My games',
    'history.loading': 'loading…',
    'history.none': 'No finished game yet.',
    'history.more': 'More games',
    'history.replay': 'Replay',
    'history.room': 'room {id}',
    'history.replayLoginHint': 'Choose a name to watch the replay of room {id}.',
    'history.backToLobby': 'Back to the lobby',
    'history.busy': 'Leave your game first to watch a replay.',
    // The board's prompt in a replay, where "You are watching this game. Waiting for …" read as a live game.
    'replay.toPlay': ({ names }) => (names ? `Replay: ${names} to play.` : 'Replay.'),
    'moves.title': 'Moves as text ({n})',
    'moves.titleNone': 'Moves as text',
    'moves.hint': 'Each button sends one legal move; /play <text> in the chat does the same.',
    'view.spectator': 'Spectator view · v{v}',
    'view.seat': 'Your view (seat {n}) · v{v}',
    'view.raw': 'Raw view (JSON)',
    'chat.title': 'Chat & log',
    'chat.aria': 'Chat and game log',
    'chat.placeholder': 'chat, or /help',
    'chat.inputAria': 'Chat or command',
    'chat.send': 'Send',
    'chat.lobby': 'lobby',
    'err.notConnected': 'not connected: try again in a moment',
    'err.lineNotSent': 'not connected: the line was not sent',
    'err.moveNotSent': 'not connected: the move was not sent',
    'err.patch': 'could not apply an update ({msg}); fetching the full state',
    'err.board': 'the {game} board could not be loaded ({msg}); showing the raw view',
  },
  fr: {
    'lang.label': 'Langue',
    'me.change': 'changer de nom',
    'me.change.title': 'Oublier ce nom sur cet appareil',
    'account.signin': 'Connexion',
    'account.name': 'Pseudo',
    'account.password': 'Mot de passe',
    'account.login': 'Se connecter',
    'account.register': 'Inscrire ce pseudo',
    'account.logout': 'Se déconnecter',
    'account.logout_all': 'Se déconnecter partout',
    'account.guest': 'Vous jouez en invité sous le nom {name} : inscrivez-le pour le garder, ou connectez-vous à votre compte.',
    'account.registered': '{name} est votre compte.',
    'account.password.length': 'Un mot de passe a de 8 à 256 caractères.',
    'account.name.missing': 'Donnez le pseudo de votre compte.',
    'conn.idle': 'non connecté',
    'conn.connecting': 'connexion…',
    'conn.open': 'identification…',
    'conn.online': 'en ligne',
    'conn.replaced': 'connecté dans un autre onglet',
    'conn.retrying': 'hors ligne, nouvel essai dans {s} s',
    'conn.restarting': 'le serveur redémarre, retour dans {s} s',
    'conn.reconnect': 'se reconnecter',
    'login.title': 'Choisissez un nom',
    'login.label': 'Pseudo',
    'login.placeholder': 'lettres, chiffres, _ - .',
    'login.submit': 'Entrer',
    'login.invalid': 'Un nom compte 1 à 24 lettres, chiffres, « _ », « - » ou « . », et pas seulement des chiffres.',
    'lobby.rooms': 'Salles',
    'lobby.empty': 'Aucune salle pour l’instant : créez-en une ci-dessus.',
    'lobby.options': 'Options',
    'lobby.finished': ({ n }) => `${n} ${n === 1 ? 'partie terminée' : 'parties terminées'}`,
    'lobby.new': 'Nouvelle salle',
    'lobby.game': 'Jeu',
    'lobby.loading': 'chargement…',
    'lobby.create': 'Créer la salle',
    'lobby.welcome': 'Archipel est une table de jeux de plateau insulaires, à jouer en ligne entre amis ou contre des robots : choisissez un jeu ci-dessous et créez une salle, rejoignez-en une, ou jouez tout de suite contre des robots.',
    'lobby.quick': 'Jouer contre des robots',
    'lobby.quick.title': 'Une salle de ce jeu, des robots aux autres places, lancée aussitôt',
    'lobby.noGames': 'aucun jeu sur ce serveur',
    'lobby.join': 'Rejoindre',
    'lobby.takeSeat': 'Reprendre sa place',
    'lobby.watch': 'Regarder',
    'lobby.free': 'libre',
    'lobby.host': 'hôte',
    'lobby.players': ({ min, max }) => (min === max ? `${min} joueurs` : `${min} à ${max} joueurs`),
    'lobby.optionPlayers': ({ min, max }) => (min === max ? `seulement à ${min} joueurs` : `seulement de ${min} à ${max} joueurs`),
    'status.waiting': 'en attente',
    'status.playing': 'en cours',
    'status.over': 'terminée',
    'status.abandoned': 'abandonnée',
    'seat.connected': 'connecté',
    'seat.away': 'absent',
    'seat.awayCountdown': ({ time }) => `absent · un robot pourra jouer dans ${time}`,
    'room.playerLeft': ({ name, s }) => (s ? `${name} a quitté la table ; les autres pourront confier sa place à un robot dans ${s} s.` : `${name} a quitté la table.`),
    'room.playerBack': ({ name }) => `${name} est de retour.`,
    'seat.free': 'libre',
    'seat.freeSeat': 'place libre',
    'seat.you': 'vous',
    'seat.host': 'hôte',
    'seat.bot': 'robot',
    'seat.toAct': 'à jouer',
    'seat.standIn': 'un robot joue pour lui',
    'seat.clock': 'Temps restant à la pendule pour toute la partie',
    'seat.outOfTime': 'Plus de temps : les autres peuvent confier cette place à un bot',
    'seat.outOfTimeShort': 'plus de temps',
    'seat.handover': 'Confier à un bot',
    'seat.takeBack': 'Reprendre ma place',
    'seat.handoverVoted': 'vote enregistré ({n})',
    'seat.handoverHelp': 'Absent depuis un moment : voter pour qu’un bot joue cette place jusqu’au retour de son joueur (/join)',
    'room.start': 'Lancer la partie',
    'room.sit': 'Prendre une place',
    'room.addBot': 'Ajouter un robot',
    'room.botStrength': 'Force du robot',
    'bot.random': 'Robot facile (joue au hasard)',
    'bot.greedy': 'Robot normal (le meilleur coup immédiat)',
    'bot.search': 'Robot fort (voit quelques coups plus loin)',
    'bot.expert': 'Robot expert (prévoit, environ une seconde par coup)',
    'room.leave': 'Quitter',
    'room.stopWatching': 'Ne plus regarder',
    'room.backToLobby': 'Retour aux salles',
    'room.options': 'Options : {list}',
    'room.option': '{name} : {value}',
    'room.optionUnused': ({ option, n }) => `${option} (sans effet à ${n} ${n === 1 ? 'joueur' : 'joueurs'})`,
    'room.watching': 'Spectateurs : {list}',
    'room.seated': ({ n, game, range }) =>
      `${n} ${plural(n, 'joueur assis', 'joueurs assis')} ; ${game} se joue à ${range} joueurs. `,
    'room.startWhenReady': 'Lancez la partie quand tout le monde est là.',
    'room.waitHost': '{host} lancera la partie.',
    'room.theHost': 'L’hôte',
    'room.yourTurn': 'À vous de jouer.',
    'room.waitingFor': 'En attente de {list}.',
    'room.youWatch': 'Vous regardez la partie.',
    'room.seatN': 'place {n}',
    'room.more': 'Détails de la salle',
    'room.rules': 'Les règles en bref',
    'room.turnAlert': 'Un son (et une notification si cet onglet est caché) quand c’est mon tour',
    'drawer.show': '▴ Voir la main',
    'drawer.hide': '▾ Replier la main',
    'tip.notYourTurn': 'Ce n’est pas votre tour : en attente de {list}.',
    'tip.notAMove': 'Pas un coup possible : les emplacements signalés et les cartes en couleur sont vos coups.',
    'leave.question': 'Quitter la partie ? Votre place vous attend : /join vous la rend.',
    'leave.yes': 'Quitter',
    'leave.no': 'Rester',
    'since.yourTurn': 'Depuis votre dernier tour :',
    'since.lastMoves': 'Derniers coups :',
    'since.moves': ({ n }) => (n === 1 ? '1 coup' : `${n} coups`),
    'title.yourTurn': '● À vous – Archipel',
    'over.title': 'Partie terminée',
    'over.place': 'Place',
    'over.player': 'Joueur',
    'over.score': 'Points',
    'over.winner': '{name} gagne.',
    'over.sharedWin': 'Victoire partagée : {names}.',
    'over.and': ' et ',
    'over.solo.won': '{name} a gagné la partie en solo.',
    'over.solo.lost': '{name} a perdu la partie en solo.',
    'over.rematch': 'Revanche',
    'over.joinRematch': 'Rejoindre la revanche (n° {id})',
    'replay.open': 'Revoir la partie',
    'history.title': 'Mes parties',
    'history.loading': 'chargement…',
    'history.none': 'Pas encore de partie finie.',
    'history.more': 'Parties plus anciennes',
    'history.replay': 'Revoir',
    'history.room': 'salle {id}',
    'history.replayLoginHint': 'Choisissez un pseudo pour revoir la partie de la salle {id}.',
    'history.backToLobby': 'Retour au hall',
    'history.busy': 'Quittez d\'abord votre partie pour revoir une partie.',
    'replay.toPlay': ({ names }) => (names ? `Relecture : à ${names} de jouer.` : 'Relecture.'),
    'moves.title': 'Coups en texte ({n})',
    'moves.titleNone': 'Coups en texte',
    'moves.hint': 'Chaque bouton envoie un coup permis ; /play <texte> dans le chat fait de même.',
    'view.spectator': 'Vue de spectateur · v{v}',
    'view.seat': 'Votre vue (place {n}) · v{v}',
    'view.raw': 'Vue brute (JSON)',
    'chat.title': 'Chat et journal',
    'chat.aria': 'Chat et journal de partie',
    'chat.placeholder': 'message, ou /help',
    'chat.inputAria': 'Message ou commande',
    'chat.send': 'Envoyer',
    'chat.lobby': 'salles',
    'err.notConnected': 'non connecté : réessayez dans un instant',
    'err.lineNotSent': 'non connecté : la ligne n’a pas été envoyée',
    'err.moveNotSent': 'non connecté : le coup n’a pas été envoyé',
    'err.patch': 'mise à jour impossible ({msg}) ; demande de l’état complet',
    'err.board': 'le plateau de {game} n’a pas pu être chargé ({msg}) ; vue brute affichée',
  },
};

let lang = initialLanguage();
const listeners = new Set();

function initialLanguage() {
  try {
    const saved = localStorage.getItem(STORE_KEY);
    if (saved && saved in LANGUAGES) return saved;
  } catch {
    // no storage
  }
  const wanted = (navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || 'en'])
    .map((l) => String(l).toLowerCase().split('-')[0]);
  return wanted.find((l) => l in LANGUAGES) || 'en';
}

export function getLang() {
  return lang;
}

export function setLang(next) {
  if (!(next in LANGUAGES) || next === lang) return;
  lang = next;
  try {
    localStorage.setItem(STORE_KEY, next);
  } catch {
    // the choice lasts as long as the page
  }
  document.documentElement.lang = lang;
  applyStatic();
  for (const fn of listeners) fn(lang);
}

export function onLangChange(fn) {
  listeners.add(fn);
}

/** Adds words: {en: {key: text}, fr: {...}}. */
export function addStrings(byLang) {
  for (const [l, dict] of Object.entries(byLang)) Object.assign((dictionaries[l] ||= {}), dict);
}

/** The text for `key` in the current language (English if missing, the key itself if unknown). */
export function t(key, params = {}) {
  const entry = dictionaries[lang][key] ?? dictionaries.en[key];
  if (entry === undefined) return key;
  if (typeof entry === 'function') return entry(params);
  return entry.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

/** Translates the static markup under `root` (data-i18n* attributes). */
export function applyStatic(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const [attr, data] of [
    ['placeholder', 'i18nPlaceholder'],
    ['title', 'i18nTitle'],
    ['aria-label', 'i18nAriaLabel'],
  ])
    for (const el of root.querySelectorAll(`[data-${attr === 'aria-label' ? 'i18n-aria-label' : `i18n-${attr}`}]`))
      el.setAttribute(attr, t(el.dataset[data]));
}

document.documentElement.lang = lang;
