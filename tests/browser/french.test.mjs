// French throughout (issue 12, point 6: "a French page with no English server line during a whole game"): a
// page whose browser prefers French plays a whole game against a bot (text moves, the quickest way through;
// Santa Cruz and Costa Ruana, whose games are short that way: the other two games' French log lines are checked
// line by line in every playout of the engine's conformance harness), and types the commands a player uses
// (/help, /who, /moves, /log, a refused /play). Every line the server wrote into the chat pane (info, game log,
// errors) is then read: none may be English. English is told by its small words, which French never uses ("the",
// "you", "is", "not", "your", ...), once the command syntax is taken out (/play <move>, [room]: the commands and
// their placeholders are the same in both languages) and the /moves list (move texts are codes).
//
//   cd tests/browser && ARCHIPEL_SERVER_BIN=... npm test -- french.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startAll, stopAll, openPage, signIn, gameAgainstBots, playTextMovesToTheEnd } from './harness.mjs';

let env;
before(async () => {
  env = await startAll();
});
after(async () => {
  await stopAll(env);
});

const ENGLISH = /\b(the|you|your|is|are|not|and|with|from|for|has|have|takes?|builds?|wins?|turn|starts?|waiting|seated|joined|nobody|player)\b/i;
const withoutSyntax = (line) => line.replace(/\/[a-z]+/g, ' ').replace(/<[^>]*>/g, ' ').replace(/\[[^\]]*\]/g, ' ');

async function serverLines(page) {
  return page.locator('#chat-log .line-info, #chat-log .line-log, #chat-log .line-error').evaluateAll((lines) =>
    lines.map((l) => [...l.querySelectorAll('.text, .more')].map((e) => e.textContent).join(' ')));
}

async function say(page, text) {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-input').press('Enter');
}

for (const [i, game] of ['santa-cruz', 'costa-ruana'].entries()) {
  test(`${game}: a French page reads no English server line in a whole game`, { timeout: 240_000 }, async (t) => {
    const A = await openPage(env, { viewport: { width: 390, height: 844 }, locale: 'fr-FR', isMobile: true, hasTouch: true });
    await signIn(env, A, `Zoe${i + 1}`);
    await gameAgainstBots(A, game, { bots: 1 });
    await say(A, '/help');
    await say(A, '/who');
    await say(A, '/moves');
    await say(A, '/play xyzzy');
    await A.locator('#chat-log .line-error').first().waitFor();
    await playTextMovesToTheEnd([A], 200_000);
    await A.getByTestId('over').waitFor();
    await say(A, '/log');
    await A.waitForTimeout(500);
    const lines = await serverLines(A);
    t.diagnostic(`${lines.length} server lines read`);
    assert.ok(lines.length >= 20, `a whole game writes many lines (${lines.length})`);
    const english = lines.filter((l) => !l.startsWith('Vos coups') && ENGLISH.test(withoutSyntax(l)));
    assert.deepEqual(english, [], 'every server line is in French');
    assert.deepEqual(A.errors, [], 'no console errors');
  });
}
