// Santa Cruz in a few lines (the room's "Rules"; the full rules: docs/games/santa-cruz.md).
export const rules = {
  en: [
    'Two rounds. Each player builds houses, churches and lighthouses on the island; the tile of a site decides the building and its points, scored at once.',
    'A round: first each player lands on a free coast site; then, in turn, play one card: a construction card (Ship: any free coast site; River: along a river where you have a building; Road: one road segment from one of your buildings; Double turn: two builds of one kind), or a score card, which scores for every player.',
    'Score cards reward buildings on resources (wood, sugar, sheep, fish, gold), groups of buildings, volcano sites, and more; a bird disc on a tile gives a face-down bird chip, scored at the end.',
    'A building reveals the face-down tiles next to it. The highest score after the second round wins.',
  ],
  fr: [
    'Deux manches. Chacun bâtit maisons, églises et phares sur l’île ; la tuile d’un emplacement décide du bâtiment et de ses points, marqués aussitôt.',
    'Une manche : d’abord chacun débarque sur un emplacement libre de la côte ; puis, à tour de rôle, on joue une carte : une carte de construction (Bateau : n’importe quel emplacement libre de la côte ; Fleuve : le long d’un fleuve où l’on a un bâtiment ; Chemin : à un tronçon de chemin d’un de ses bâtiments ; Double tour : deux constructions d’un même type), ou une carte d’évaluation, qui rapporte à tous les joueurs.',
    'Les cartes d’évaluation récompensent les bâtiments sur les ressources (bois, sucre, mouton, poisson, or), les groupes de bâtiments, les volcans, etc. ; un disque oiseau sur une tuile donne un jeton oiseau face cachée, compté à la fin.',
    'Un bâtiment révèle les tuiles face cachée voisines. Le plus haut score après la seconde manche gagne.',
  ],
};
