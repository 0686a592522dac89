// The lobby's structured requests and the create form's option ranges. The page asks for the game list with a
// `{"type":"games"}` message (never a chat line whose text reply it would have to hide), and asks for the room
// list with `{"type":"rooms"}` when it comes back to the lobby; the chat commands /games and /rooms answer a
// person in text, shown in the chat. The create form honours an option's min_players/max_players (optional
// fields of the `games` message): the relay adds three such options to what the server sends, and the form
// must say for which counts each exists, in English and in French, and leave out one the game can never use.
//
//   cd tests/browser && npm test

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startAll, stopAll, openPage, signIn, artifacts } from './harness.mjs';

let env;
before(async () => {
  env = await startAll();
});
after(async () => {
  await stopAll(env);
});

// Options a game could declare for some player counts only (Santa Cruz plays 2 to 4).
const EXTRA_OPTIONS = [
  { key: 'teams', choices: ['off', 'on'], default: 'off', help: 'play in pairs', min_players: 4, max_players: 4 },
  { key: 'duel', choices: ['short', 'long'], default: 'short', help: 'two players only', max_players: 2 },
  { key: 'crowd', choices: ['a', 'b'], default: 'a', help: 'never with 2 to 4', min_players: 5 },
];

test('structured games and rooms requests; the create form shows option player ranges', async () => {
  const A = await openPage(env, { viewport: { width: 1100, height: 860 }, locale: 'en-US' });
  const sent = [];
  await A.context().routeWebSocket(/\/ws$/, (ws) => {
    const upstream = ws.connectToServer();
    ws.onMessage((m) => {
      sent.push(JSON.parse(m));
      upstream.send(m);
    });
    upstream.onMessage((m) => {
      const msg = JSON.parse(m);
      if (msg.type === 'games') {
        for (const game of msg.games) if (game.id === 'santa-cruz') game.options.push(...EXTRA_OPTIONS);
      } else if (msg.type === 'room') {
        msg.options = { ...msg.options, teams: 'on' }; // as if the room had chosen it
      } else {
        return ws.send(m);
      }
      ws.send(JSON.stringify(msg));
    });
  });
  await signIn(env, A, 'Lea');
  await A.locator('[data-testid=create-game] option[value="santa-cruz"]').waitFor({ state: 'attached' });

  // The game list came from a structured request, and no chat line was sent for it.
  assert.ok(sent.some((m) => m.type === 'games'), 'the page sent {"type":"games"}');
  assert.deepEqual(sent.filter((m) => m.type === 'chat'), [], 'no chat line was sent to fill the lobby');
  await A.locator('#chat-log .line-info > .text', { hasText: /^Welcome to Archipel, Lea/ }).waitFor();
  assert.equal(await A.locator('#chat-log .line-info > .text', { hasText: /^Games:/ }).count(), 0,
    'no text game list was asked for, shown or hidden');

  // The options: each bounded one says for which counts it exists; one the game never uses is left out.
  await A.getByTestId('create-game').selectOption('santa-cruz');
  const form = A.getByTestId('create-options');
  assert.equal(await form.isVisible(), false, 'the options are folded away at first (their defaults are the book\'s game)');
  await A.getByTestId('create-options-box').locator('summary').click();
  await form.getByTestId('create-option-rules').waitFor();
  assert.equal(await form.getByTestId('create-option-players-rules').count(), 0, 'rules exists for every count');
  assert.equal(await form.getByTestId('create-option-players-teams').textContent(), 'only with 4 players');
  assert.equal(await form.getByTestId('create-option-players-duel').textContent(), 'only with 2 players');
  assert.equal(await form.getByTestId('create-option-crowd').count(), 0, 'an option for 5 or more is not offered for a 2-4 game');
  await A.screenshot({ path: path.join(artifacts, 'create-form-ranges.png') });
  await A.getByTestId('lang-select').selectOption('fr');
  assert.equal(await form.getByTestId('create-option-players-teams').textContent(), 'seulement à 4 joueurs');
  // Issue 35, point 6: the French form reads no English: each option by its name, each value by its label (the
  // values stay /create's syntax); an option the server gives no labels (the relay's) shows its values as they are.
  // The words come with the `games` message asked again in the new language.
  await form.locator('label[for="opt-rules"]', { hasText: 'Règles' }).waitFor();
  assert.deepEqual(await form.getByTestId('create-option-rules').locator('option').allTextContents(),
    ['en ligne (Brettspielwelt)', 'table (règles imprimées)']);
  assert.deepEqual(await form.getByTestId('create-option-rules').locator('option').evaluateAll((os) => os.map((o) => o.value)),
    ['online', 'table']);
  assert.equal(await form.locator('label[for="opt-clock"]').textContent(), 'Pendule');
  assert.deepEqual(await form.getByTestId('create-option-clock').locator('option').allTextContents(),
    ['sans', '5 min chacun', '10 min chacun', '20 min chacun', '30 min chacun']);
  await A.screenshot({ path: path.join(artifacts, 'create-form-french.png') });
  await A.getByTestId('lang-select').selectOption('en');

  // In a waiting room the options line says which options the players seated would not use (the relay adds
  // teams=on to the room, which exists for 4 players; rules exists for every count).
  await form.getByTestId('create-option-rules').selectOption('table');
  await A.getByTestId('create-button').click();
  await A.getByTestId('room').waitFor();
  await A.getByTestId('room-options').filter({ hasText: 'teams' }).waitFor();
  assert.equal(await A.getByTestId('room-options').textContent(), 'Options: Rules: table (printed rules) · Construction sets: chosen by the players · teams=on (not used with 1 player)');
  await A.getByTestId('lang-select').selectOption('fr');
  await A.getByTestId('room-options').filter({ hasText: 'Règles' }).waitFor();  // once the French `games` came
  assert.equal(await A.getByTestId('room-options').textContent(), 'Options : Règles : table (règles imprimées) · Sets de construction : choisis par les joueurs · teams=on (sans effet à 1 joueur)');
  await A.getByTestId('lang-select').selectOption('en');

  // Typed by a person, /games and /rooms answer in the chat (and ask for no list: the `games` requests so far
  // are the first one and one after each language switch, for the options' words in the new language).
  const gamesAsked = sent.filter((m) => m.type === 'games').length;
  for (const [line, heading] of [['/games', /^Games:/], ['/rooms', /^Rooms:/]]) {
    await A.getByTestId('chat-input').fill(line);
    await A.getByTestId('chat-input').press('Enter');
    await A.locator('#chat-log .line-info > .text', { hasText: heading }).waitFor();
  }
  assert.equal(sent.filter((m) => m.type === 'games').length, gamesAsked, 'typing /games sends a chat line, not a request');

  // Back in the lobby, the page asks for the room list as it is now.
  const roomsAsked = sent.filter((m) => m.type === 'rooms').length;
  await A.getByTestId('leave-button').click();
  await A.getByTestId('lobby').waitFor();
  for (let i = 0; i < 100 && sent.filter((m) => m.type === 'rooms').length === roomsAsked; i++) await new Promise((r) => setTimeout(r, 20));
  assert.equal(sent.filter((m) => m.type === 'rooms').length, roomsAsked + 1, 'leaving asks for {"type":"rooms"}');
  assert.deepEqual(A.errors, [], 'no console errors');
});
