// Capa d'Oro in a few lines (the room's "Rules"; the full rules: docs/games/capa-doro.md).
export const rules = {
  en: [
    'Plant tobacco on four continents, harvest it, trade it and make cigars. A plantation row has a seed, a growth and a harvest space.',
    'A turn: roll the die and draw that many items from the snuff box: the bales grow on the plantations of the growth column (a full one shifts its row right and is harvested), beetles eat tobacco where the roller puts them.',
    'Then one action: Harvest (your tokens in the harvest column), Sow (up to two seed spaces, paying the continent’s cost), Trade (buy and sell bales on the markets) or Make cigars (the tobacco a cigar card asks for, for its points).',
    'A player reaching 60 points with a cigar wins at once; otherwise the game ends when the snuff box has no bale left, and the most points wins.',
  ],
  fr: [
    'On plante du tabac sur quatre continents, on le récolte, on le vend et on fabrique des cigares. Une rangée de plantation a une case semence, une case croissance et une case récolte.',
    'Un tour : lancer le dé et tirer autant d’éléments de la tabatière : les balles poussent sur les plantations de la colonne croissance (une plantation pleine décale sa rangée et est récoltée), les coléoptères mangent du tabac là où le lanceur les pose.',
    'Puis une action : Récolter (vos jetons en colonne récolte), Semer (jusqu’à deux cases semence, en payant le coût du continent), Faire du commerce (acheter et vendre des balles aux marchés) ou Produire des cigares (le tabac qu’une carte cigare demande, pour ses points).',
    'Un joueur qui atteint 60 points avec un cigare gagne aussitôt ; sinon la partie finit quand la tabatière n’a plus de balle, et le plus de points gagne.',
  ],
};
