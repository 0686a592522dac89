// Santa Maria in a few lines (the room's "Rules"; the full rules: docs/games/santa-maria.md).
export const rules = {
  en: [
    'Three years. Each player grows a colony on a 6×6 board of buildings: production (resources, coins, points), exchanges, ships, religion, the conquistador.',
    'A turn is one main action and any free actions: expand with a double or triple tile (wood, and grain for a triple), activate one building (the k-th of the year costs k coins), or take a die: a white die activates a column, your blue die a row; or retreat for the rest of the year.',
    'Free actions: sell or buy resources. A year ends when every player has retreated; retreating also pays each ship in your port.',
    'Points come from production, the conquistador at each year end, and at the end from coins, colonists on complete rows and columns, scholars, bishops’ goals and ships; the most points after three years wins (solo: 100 points).',
  ],
  fr: [
    'Trois années. Chacun développe une colonie sur un plateau de 6×6 bâtiments : production (ressources, pièces, points), échanges, navires, religion, conquistador.',
    'Un tour, c’est une action principale et des actions libres : s’agrandir avec une tuile double ou triple (du bois, et du grain pour une triple), activer un bâtiment (le k-ième de l’année coûte k pièces), ou prendre un dé : un dé blanc active une colonne, votre dé bleu une rangée ; ou se retirer pour le reste de l’année.',
    'Actions libres : vendre ou acheter des ressources. L’année finit quand tous se sont retirés ; se retirer rapporte aussi chaque navire de votre port.',
    'Les points viennent de la production, du conquistador à chaque fin d’année, et à la fin des pièces, des colons sur les rangées et colonnes complètes, des savants, des objectifs des évêques et des navires ; le plus de points après trois années gagne (en solo : 100 points).',
  ],
};
