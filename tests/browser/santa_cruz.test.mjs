// The Santa Cruz board in the browser: two players (a desktop page in English, a phone-sized page whose
// browser prefers French) create and start a room, then play a whole game by pointing only: sets and piles in
// the choice panel, landings and builds on flagged sites of the SVG board, construction cards in the hand
// (then a flagged site, the double's kind chooser, or the site chooser when several cards reach one site),
// score cards to play or discard, the pass button, and the confirmation dialog of a card played for nothing
// (refused once, then accepted). Never the text-move buttons. On the way: the language switch (A to French,
// B back to English, remembered over B's reload), a reload in mid-game that must put B back in the game with the
// board, screenshots of the board; at the end, the final scores and places on both pages equal the `over`
// message, and neither console logged an error.
//
//   cd tests/browser && npm test

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startAll, stopAll, openPage, signIn, roomData, sameVersion, lastError, createJoinStart, artifacts, sleep } from './harness.mjs';

const RELOAD_AT = 18; // B reloads after this many moves
const FRENCH_AT = 8; // A switches to French after this many moves
const SCREENSHOT_AT = 26;
const MAX_MOVES = 200; // a 2-player game takes about 70

let env;
before(async () => {
  env = await startAll();
});
after(async () => {
  await stopAll(env);
});

/** A small seeded random generator, so a failing run can be replayed with the same choices. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const mode = (page) => page.getByTestId('sc-root').getAttribute('data-mode');
/** Each seat's score on the page's score track, by seat. */
const trackScores = (page) => page.locator('[data-testid=sc-track-row]').evaluateAll((rs) =>
  Object.fromEntries(rs.map((r) => [Number(r.dataset.seat), Number(r.dataset.score)])));
const version = (page) => roomData(page).then((d) => d?.version);
// The round shown ("Round 1 of 2", "Manche 2 sur 2"): its first number, whatever the language.
const roundNumber = (page) => page.getByTestId('sc-round').textContent().then((t) => (t || '').match(/\d+/)?.[0] ?? null);

async function waitMode(page, modes, timeout = 5000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const m = await mode(page);
    if (modes.includes(m)) return m;
    if (await page.getByTestId('sc-confirm').evaluate((d) => d.open)) return 'confirm';
    if (Date.now() > deadline) throw new Error(`expected mode ${modes.join('|')}, still ${m}`);
    await sleep(20);
  }
}

/** The page whose seat must act now (board says so and no move is in flight), or null. */
async function pageToMove(pages, timeout) {
  const deadline = Date.now() + timeout;
  for (;;) {
    for (const p of pages) {
      const ready = await p.evaluate(() => {
        const root = document.querySelector('[data-testid=sc-root]');
        return !!root && root.dataset.myTurn === 'true' && !root.classList.contains('busy');
      });
      if (ready) return p;
    }
    if (Date.now() > deadline) return null;
    await sleep(25);
  }
}

async function clickRandom(locator, random, what) {
  const count = await locator.count();
  assert.ok(count > 0, `nothing to click for ${what}`);
  const i = Math.floor(random() * count);
  const el = locator.nth(i);
  const label = (await el.getAttribute('data-site')) || (await el.getAttribute('data-set')) || (await el.getAttribute('data-card')) ||
    (await el.getAttribute('data-kind')) || '';
  await el.click();
  return `${what} ${label}`.trim();
}

/**
 * One move of the page's seat, made by pointing. Returns a description. `stats` counts the interactions met.
 * Every path ends with a click that sends a move; intermediate clicks (a card, the double) only select.
 */
async function pointAndPlay(page, random, stats) {
  const root = page.getByTestId('sc-root');
  const flags = page.locator('[data-testid=sc-site][data-flag=true]');
  const m = await root.getAttribute('data-mode');
  switch (m) {
    case 'set':
    case 'pile':
      stats[m]++;
      return clickRandom(page.locator('[data-testid=sc-choice][data-legal=true]'), random, m);
    case 'discard':
      stats.discard++;
      return clickRandom(page.locator('[data-testid=sc-score-card][data-legal=true]'), random, 'discard');
    case 'land':
    case 'double-build':
      if ((await flags.count()) === 0) {
        stats.pass++;
        await page.getByTestId('sc-pass').click();
        return `${m}: pass`;
      }
      stats[m === 'land' ? 'land' : 'doubleBuild']++;
      return clickRandom(flags, random, m);
    case 'card': {
      const cards = page.locator('[data-testid=sc-card][data-playable=true]');
      const scores = page.locator('[data-testid=sc-score-card][data-legal=true]');
      const options = [];
      const nCards = await cards.count();
      for (let i = 0; i < nCards; i++) options.push(['card', i]);
      const nScores = await scores.count();
      for (let i = 0; i < nScores; i++) options.push(['score', i]);
      if ((await flags.count()) > 0) options.push(['site']);
      assert.ok(options.length > 0, 'a card turn offers something to click');
      const [what, i] = options[Math.floor(random() * options.length)];
      if (what === 'score') {
        stats.score++;
        const card = scores.nth(i);
        const id = await card.getAttribute('data-card');
        // The card's preview (issue 12 point 9), checked by the main loop against the score track once played.
        const preview = card.getByTestId('sc-card-preview');
        stats.preview = {
          page, id,
          points: JSON.parse(await preview.getAttribute('data-points')),
          text: await preview.textContent(),
          before: await trackScores(page),
          round: await roundNumber(page),
        };
        await card.click();
        return `score ${id}`;
      }
      if (what === 'site') {
        // A flagged site without choosing a card first: sent at once, or a chooser when several cards reach it.
        const before = await version(page);
        const several = page.locator('[data-testid=sc-site][data-flag=true]:not([data-choices="1"])');
        const desc = await clickRandom((await several.count()) > 0 ? several : flags, random, 'site');
        const next = await page.waitForFunction((v) => {
          const root = document.querySelector('[data-testid=sc-root]');
          if (root?.dataset.mode === 'site-choice') return 'choice';
          return root?.classList.contains('busy') || document.querySelector('#room').dataset.version !== v ? 'sent' : false;
        }, before, { timeout: 5000 }).then((r) => r.jsonValue());
        if (next === 'choice') {
          stats.siteChoice++;
          return `${desc} then ${await clickRandom(page.locator('[data-testid=sc-site-option]'), random, 'with')}`;
        }
        stats.siteDirect++;
        return desc;
      }
      const card = cards.nth(i);
      const kind = await card.getAttribute('data-kind');
      await card.click();
      const after = await waitMode(page, ['card-selected', 'double-kind']);
      if (after === 'confirm') {
        // A card that can build nothing: the dialog first. "Keep it" the first time (nothing sent), then accept.
        const before = await version(page);
        if (stats.confirmRefused === 0) {
          await page.getByTestId('sc-confirm-no').click();
          await page.waitForFunction(() => !document.querySelector('[data-testid=sc-confirm]').open);
          await sleep(150);
          assert.equal(await version(page), before, 'refusing the confirmation sends nothing');
          assert.equal(await mode(page), 'card', 'back to choosing a card');
          stats.confirmRefused++;
          await card.click();
          await page.waitForFunction(() => document.querySelector('[data-testid=sc-confirm]').open);
        }
        stats.confirmAccepted++;
        await page.getByTestId('sc-confirm-yes').click();
        return `${kind} for nothing (confirmed)`;
      }
      if (after === 'double-kind') {
        stats.double++;
        return `double, ${await clickRandom(page.locator('[data-testid=sc-double-kind]'), random, 'kind')}`;
      }
      stats.cardThenSite++;
      const n = await flags.count();
      assert.ok(n > 0, `the ${kind} card flags sites`);
      assert.equal(await page.locator(`[data-testid=sc-card][data-kind=${kind}][aria-pressed=true]`).count(), 1, 'the card shows as selected');
      return `${kind} card, ${await clickRandom(flags, random, 'site')}`;
    }
    default:
      throw new Error(`my turn in an unexpected mode: ${m}`);
  }
}

async function expectTexts(page, expected) {
  for (const [selector, text] of expected) {
    const el = page.locator(selector).first();
    await el.waitFor({ state: 'attached' });
    const actual = (await el.textContent()).trim();
    assert.ok(text instanceof RegExp ? text.test(actual) : actual === text, `${selector}: "${actual}" should be ${text}`);
  }
}

test('Santa Cruz: a whole game by pointing, with a reload, both languages and the final scores', async (t) => {
  const seed = Number(process.env.SEED || Date.now() % 100000);
  const random = rng(seed);
  t.diagnostic(`seed ${seed} (SEED=${seed} npm test replays the same clicks, if the server deals the same)`);
  const A = await openPage(env, { viewport: { width: 1280, height: 860 }, locale: 'en-US' });
  const B = await openPage(env, { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'fr-FR' });

  // The `over` message as A's socket receives it.
  let over = null;
  let map = null;
  A.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      try {
        const msg = JSON.parse(String(payload));
        if (msg.type === 'over') over = msg;
        if (msg.type === 'state' && msg.static?.map) map = msg.static.map;
      } catch {
        // not JSON: not ours
      }
    }));
  // What the board costs on top of the first load: its module and stylesheet.
  const boardFiles = [];
  A.on('response', (res) => {
    if (res.url().includes('/games/')) boardFiles.push(res.request().sizes().then((s) => [res.url().replace(env.base, ''), s.responseBodySize + s.responseHeadersSize]));
  });

  // The language follows the browser: English for A, French for B.
  await A.goto(env.base + '/');
  await expectTexts(A, [['#login h2', 'Choose a name'], ['[data-testid=login-submit]', 'Enter']]);
  await B.goto(env.base + '/');
  await expectTexts(B, [['#login h2', 'Choisissez un nom'], ['[data-testid=login-submit]', 'Entrer']]);
  assert.equal(await B.getByTestId('lang-select').inputValue(), 'fr');
  await signIn(env, A, 'Anna');
  await signIn(env, B, 'Bob');
  await expectTexts(B, [['#lobby h2', 'Nouvelle salle'], ['[data-testid=create-button]', 'Créer la salle']]);

  const roomId = await createJoinStart(A, B, 'santa-cruz');
  assert.ok(map, 'the state carries the board geometry in its static data');
  for (const p of [A, B]) {
    await p.getByTestId('sc-board').waitFor();
    assert.equal(await p.locator('[data-testid=sc-site]').count(), 49, 'the 49 sites are drawn');
    for (const site of map.sites.filter((x) => ['C01', 'L13', 'V05'].includes(x.id)))
      assert.match(await p.locator(`[data-testid=sc-site][data-site=${site.id}]`).getAttribute('transform'), new RegExp(`^translate\\(${site.x} ${site.y}\\)`));
    assert.equal(await p.getByTestId('moves').evaluate((d) => d.open), false, 'the text moves are folded away under the board');
  }
  await expectTexts(A, [['[data-testid=sc-round]', 'Round 1 of 2'], ['[data-testid=sc-phase]', 'choosing construction sets']]);
  await expectTexts(B, [['[data-testid=sc-round]', 'Manche 1 sur 2']]);

  const pages = [A, B];
  const stats = { set: 0, pile: 0, discard: 0, land: 0, doubleBuild: 0, pass: 0, score: 0, siteChoice: 0, siteDirect: 0, cardThenSite: 0, double: 0, confirmRefused: 0, confirmAccepted: 0 };
  const started = Date.now();
  let moves = 0;
  let reloaded = false;
  let lastMove = '';

  const reloadB = async () => {
    // B switches to English with the control, then reloads: back at its seat, in the game, board shown, still English.
    await B.getByTestId('lang-select').selectOption('en');
    await expectTexts(B, [['[data-testid=leave-button]', 'Leave']]);
    const before = await roomData(B);
    await B.reload();
    await B.locator('[data-testid=conn-status][data-state=online]').waitFor();
    await B.locator(`#room[data-room-id="${before.roomId}"][data-version="${before.version}"]`).waitFor();
    await B.getByTestId('sc-board').waitFor();
    assert.equal((await roomData(B)).seat, before.seat, 'B is back at its seat');
    assert.equal(await B.locator('[data-testid=sc-site]').count(), 49);
    assert.equal(await B.getByTestId('me-name').textContent(), 'Bob');
    await expectTexts(B, [['[data-testid=leave-button]', 'Leave'], ['[data-testid=sc-round]', /^Round [12] of 2$/]]);
    assert.equal(await B.getByTestId('lang-select').inputValue(), 'en', 'the chosen language is remembered over the browser’s');
    await A.locator('[data-testid=seat][data-seat="1"][data-connected=true]').waitFor();
    reloaded = true;
  };

  const toFrench = async () => {
    await A.getByTestId('lang-select').selectOption('fr');
    await expectTexts(A, [
      ['[data-testid=leave-button]', 'Quitter'],
      ['[data-testid=chat-send]', 'Envoyer'],
      ['[data-testid=sc-round]', /^Manche [12] sur 2$/],
      ['[data-testid=sc-players] h3', 'Joueurs'],
      ['[data-testid=sc-track] h3', 'Piste de score'],
      ['[data-testid=room-status]', 'en cours'],
      ['[data-testid=raw-toggle]', 'Vue brute (JSON)'],
    ]);
    assert.equal(await A.evaluate(() => document.documentElement.lang), 'fr');
    assert.equal(await A.evaluate(() => localStorage.getItem('archipel.lang')), 'fr');
  };

  while (moves < MAX_MOVES) {
    if (await A.getByTestId('over').isVisible()) break;
    await sameVersion(pages);
    const page = await pageToMove(pages, 5000);
    if (!page) {
      if (await A.getByTestId('over').isVisible()) break;
      assert.fail(`nobody can move after ${moves} moves (last: ${lastMove})`);
    }
    const before = await version(page);
    const who = page === A ? 'A' : 'B';
    lastMove = `${who}: ${await pointAndPlay(page, random, stats)}`;
    try {
      await page.waitForFunction((v) => document.querySelector('#room').dataset.version !== v, before, { timeout: 5000 });
    } catch {
      assert.fail(`move ${moves + 1} (${lastMove}) got no new view; last error: ${await lastError(page)}`);
    }
    moves++;
    if (stats.preview) {
      // What the score card's preview said before it was played is what each player then scored.
      const { page: p, id, points, text, before: scores, round } = stats.preview;
      stats.preview = null;
      await sameVersion(pages);
      if ((await A.getByTestId('over').isVisible()) || (await roundNumber(p)) !== round) {
        // The round's (or the game's) last card: the end-of-round or final scoring moved the track as well.
        stats.previewAtRoundEnd = (stats.previewAtRoundEnd || 0) + 1;
      } else {
        stats.previewChecked = (stats.previewChecked || 0) + 1;
        const after = await trackScores(p);
        points.forEach((k, seat) => assert.equal(after[seat] - scores[seat], k, `${id}: seat ${seat} scored what the preview said (${text})`));
      }
      assert.match(text, /^(If played now:|Jouée maintenant :) [+-]?\d+ (you|vous) · [+-]?\d+ (Anna|Bob)$/, `${id}'s preview reads "${text}"`);
    }
    if (moves === FRENCH_AT) await toFrench();
    if (moves === RELOAD_AT) await reloadB();
    if (moves === SCREENSHOT_AT) {
      await sameVersion(pages);
      await A.getByTestId('sc-board').screenshot({ path: path.join(artifacts, 'santa-cruz-board-midgame.png') });
      await A.screenshot({ path: path.join(artifacts, 'santa-cruz-desktop-midgame.png'), fullPage: true });
      await B.screenshot({ path: path.join(artifacts, 'santa-cruz-phone-midgame.png'), fullPage: true });
    }
  }
  t.diagnostic(`${moves} moves by pointing in ${Date.now() - started} ms; ${JSON.stringify(stats)}`);
  assert.ok(reloaded, 'B reloaded in mid-game');
  assert.equal((stats.previewChecked || 0) + (stats.previewAtRoundEnd || 0), stats.score,
    'every score card played had its preview checked (against the track, unless it ended a round)');

  // The end: both pages show the final scores and places of the `over` message.
  for (const p of pages) await p.getByTestId('over').waitFor();
  assert.ok(over, 'A received the over message');
  assert.equal(over.room, Number(roomId));
  for (const p of pages) {
    assert.equal(await p.locator('#room[data-status=over]').count(), 1);
    const rows = await p.locator('[data-testid=ranking-row]').evaluateAll((rs) => rs.map((r) => ({ seat: Number(r.dataset.seat), place: Number(r.dataset.place), text: r.textContent })));
    assert.deepEqual(rows.map((r) => [r.seat, r.place]), over.ranking.map((r) => [r.seat, r.place]), 'the ranking rows follow the over message, places included');
    rows.forEach((r, i) => assert.ok(r.text.endsWith(String(over.ranking[i].score)), `ranking row ${i} shows score ${over.ranking[i].score}: ${r.text}`));
    const finals = await p.locator('[data-testid=sc-final-row]').evaluateAll((rs) => rs.map((r) => ({ seat: Number(r.dataset.seat), place: Number(r.dataset.place), score: Number(r.dataset.score) })));
    assert.equal(finals.length, 2, 'the board shows both final scores');
    for (const f of finals) {
      assert.equal(f.score, over.scores[f.seat], `seat ${f.seat}'s final score on the board`);
      assert.equal(f.place, over.ranking.find((r) => r.seat === f.seat).place, `seat ${f.seat}'s place on the board`);
    }
    assert.deepEqual(finals.map((f) => f.seat), over.ranking.map((r) => r.seat), 'the final table is in ranking order');
    const track = await p.locator('[data-testid=sc-track-row]').evaluateAll((rs) => rs.map((r) => [Number(r.dataset.seat), Number(r.dataset.score)]));
    for (const [seat, score] of track) assert.equal(score, over.scores[seat], 'the score track agrees');
    assert.equal(await p.locator('[data-testid=sc-site][data-flag=true]').count(), 0, 'no flags once the game is over');
    assert.equal(await p.getByTestId('legal-move').count(), 0);
    // The board's final panel is either gone (the result panel shows the table) or shows something: never an
    // empty bordered box under "The game is over." (issue 12).
    const box = await p.getByTestId('sc-final').evaluate((el) => ({
      shown: getComputedStyle(el).display !== 'none',
      content: [...el.children].some((c) => getComputedStyle(c).display !== 'none'),
    }));
    assert.ok(!box.shown || box.content, `the board's final panel is not an empty box: ${JSON.stringify(box)}`);
  }
  await expectTexts(A, [['[data-testid=sc-final] h3', 'Scores finaux'], ['[data-testid=over] h3', 'Partie terminée']]);
  await expectTexts(B, [['[data-testid=sc-final] h3', 'Final scores']]);
  t.diagnostic(`over: ${JSON.stringify(over.ranking)}`);

  await A.screenshot({ path: path.join(artifacts, 'santa-cruz-desktop-end.png'), fullPage: true });
  await B.screenshot({ path: path.join(artifacts, 'santa-cruz-phone-end.png'), fullPage: true });
  const files = await Promise.all(boardFiles);
  t.diagnostic(`board files (bytes with headers): ${files.map(([u, n]) => `${u} ${n}`).join(', ')}`);

  assert.ok(stats.confirmAccepted + stats.confirmRefused === 0 || stats.confirmRefused === 1, 'the confirmation was refused once');
  assert.deepEqual(A.errors, [], 'no console errors on page A');
  assert.deepEqual(B.errors, [], 'no console errors on page B');
});
