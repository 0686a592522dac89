// Costa Ruana in a few lines (the room's "Rules"; the full rules: docs/games/costa-ruana.md).
export const rules = {
  en: [
    'Five rounds. Each player has natives to place on the islands; each island holds treasures, and each round it gives one to the player with the most natives there, once players with equal counts drop out.',
    'A round: in order from the shaman, each lays one card face up, then one face down, before any player (oneself too); then each may put a native from the reserve on a played card.',
    'The shaman flips one Condition card (tide or day/night); the face-down cards are revealed, and those whose background matches no visible face are discarded. Each player then resolves the cards before them: move a treasure, remove, place, move a native.',
    'Then the islands give their treasures, which go into the huts. At the end: 2 points a treasure and 1 a native still in reserve; the most points wins.',
  ],
  fr: [
    'Cinq manches. Chacun place des habitants sur les îles ; chaque île porte des trésors, et à chaque manche elle en donne un au joueur qui y a le plus d’habitants, une fois écartés les joueurs à égalité.',
    'Une manche : dans l’ordre à partir du shaman, chacun pose une carte face visible, puis une face cachée, devant un joueur (soi-même aussi) ; puis chacun peut mettre un habitant de sa réserve sur une carte jouée.',
    'Le shaman retourne une carte Condition (marée ou jour/nuit) ; les cartes cachées sont révélées, et celles dont le fond ne correspond à aucune face visible sont défaussées. Chacun résout ensuite les cartes posées devant lui : Déplacer un trésor, Retirer, Placer, Déplacer un habitant.',
    'Puis les îles donnent leurs trésors, qui vont dans les huttes. À la fin : 2 points par trésor et 1 par habitant resté en réserve ; le plus de points gagne.',
  ],
};
