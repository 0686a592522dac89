#include "protocol/command_parser.hpp"

#include <algorithm>
#include <cctype>

#include "protocol/text.hpp"

namespace archipel::protocol {
namespace {

const std::vector<CommandHelp> kCommands = {
    {"help", "/help [command]", "list the commands, or explain one",
     "liste les commandes, ou en explique une"},
    {"lang", "/lang <en|fr>", "the language the server writes to you in",
     "la langue dans laquelle le serveur vous écrit"},
    {"nick", "/nick <name>", "change your nickname", "change votre pseudo"},
    {"games", "/games", "list the games and their options", "liste les jeux et leurs options"},
    {"rooms", "/rooms", "list the rooms", "liste les salles"},
    {"create", "/create <game> [key=value ...]", "open a room for a game and sit in it as its host",
     "ouvre une salle pour un jeu et s'y assoit comme hôte"},
    {"option", "/option <key>=<value>",
     "host, before the start: change an option of the room's game",
     "hôte, avant le début : change une option du jeu de la salle"},
    {"join", "/join [room] [seat]",
     "sit in a room (the one you watch, or the first open one); take your seat back after a drop",
     "s'asseoir dans une salle (celle que vous regardez, ou la première ouverte) ; reprendre sa "
     "place après une coupure"},
    {"leave", "/leave", "leave your room (during a game your seat waits for you)",
     "quitter sa salle (pendant une partie, votre place vous attend)"},
    {"watch", "/watch <room>", "watch a room as a spectator", "regarder une salle en spectateur"},
    {"start", "/start", "host: start the game once the seat count is within the game's range",
     "hôte : lancer la partie quand le nombre de joueurs convient au jeu"},
    {"addbot", "/addbot [strategy]", "seat a bot in the room", "asseoir un robot dans la salle"},
    {"play", "/play <move>", "make a move, in the text form /moves lists",
     "jouer un coup, sous la forme que /moves donne"},
    {"moves", "/moves", "list your legal moves", "liste vos coups possibles"},
    {"who", "/who", "who is in your room (or online, in the lobby)",
     "qui est dans votre salle (ou en ligne, dans le hall)"},
    {"log", "/log [room]", "the moves of a game so far (finished games too)",
     "les coups d'une partie jusqu'ici (parties finies comprises)"},
    {"kick", "/kick <name>", "host, before the start: remove a player from the room",
     "hôte, avant le début : retirer un joueur de la salle"},
    {"rematch", "/rematch",
     "after a game: propose a new game with the same seats, bots and options, or accept one",
     "après une partie : proposer une revanche (mêmes places, robots et options) ou l'accepter"},
    {"replay", "/replay <room> [step]",
     "a finished game move by move: the lines of a step (0: the set-up)",
     "une partie finie coup par coup : les lignes d'une étape (0 : la mise en place)"},
    {"handover", "/handover <seat or name>",
     "during a game: vote to let a bot play an absent player's seat until they /join again",
     "pendant une partie : voter pour qu'un robot joue la place d'un joueur absent jusqu'à son "
     "/join"},
    {"register", "/register",
     "keep your name with a password (the sign-in form; never type a password in the chat)",
     "garder votre pseudo avec un mot de passe (le formulaire de connexion ; ne tapez jamais de "
     "mot "
     "de passe dans le chat)"},
    {"login", "/login [name]", "log in to your account (the sign-in form), from any device",
     "se connecter à son compte (le formulaire de connexion), depuis tout appareil"},
    {"logout", "/logout [everywhere]",
     "log out here (everywhere: on every device, every token revoked)",
     "se déconnecter ici (everywhere : sur tous les appareils, tous les jetons révoqués)"},
    {"top", "/top <game>", "the game's 20 best rated players (registered players only)",
     "les 20 joueurs les mieux classés du jeu (joueurs inscrits seulement)"},
    {"profile", "/profile [name]",
     "a registered player's rating, games played and won per game, and last rated games (yours "
     "without a name)",
     "le classement d'un joueur inscrit, ses parties jouées et gagnées par jeu, et ses dernières "
     "parties classées (le vôtre sans nom)"},
    {"history", "/history [name] [next]",
     "a player's finished games, newest first, 10 at a time, each with its /replay (yours without "
     "a name; next: the cursor a page ends with)",
     "les parties finies d'un joueur, les plus récentes d'abord, 10 à la fois, chacune avec son "
     "/replay (les vôtres sans nom ; next : le curseur qui termine une page)"},
};

std::vector<std::string_view> split_words(std::string_view s) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    std::size_t j = i;
    while (j < s.size() && !std::isspace(static_cast<unsigned char>(s[j]))) ++j;
    if (j > i) words.push_back(s.substr(i, j - i));
    i = j;
  }
  return words;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// A number from 1 to kMaxRoomId (room ids; seats are checked against their own bound after).
std::optional<std::int64_t> positive_number(std::string_view s) {
  if (s.empty() || s.size() > 10) return std::nullopt;
  std::int64_t n = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + (c - '0');
  }
  if (n <= 0 || n > kMaxRoomId) return std::nullopt;
  return n;
}

Error usage_error(std::string_view name, const engine::LocalText& why) {
  for (const auto& c : kCommands)
    if (c.name == name)
      return make_error(ErrorCode::bad_arguments, why.en + "; usage: " + std::string(c.usage),
                        why.fr + " ; usage : " + std::string(c.usage));
  return make_error(ErrorCode::bad_arguments, why);
}

Result<std::pair<std::string, std::string>> key_value(std::string_view name,
                                                      std::string_view word) {
  auto eq = word.find('=');
  if (eq == std::string_view::npos || eq == 0 || eq + 1 == word.size())
    return usage_error(name, {"options are written key=value, not '" + excerpt(word, 32) + "'",
                              "une option s'écrit clé=valeur, pas « " + excerpt(word, 32) + " »"});
  return std::pair{lower(word.substr(0, eq)), lower(word.substr(eq + 1))};
}

Error not_a_room(std::string_view name, std::string_view word) {
  return usage_error(name, {"a room is a number from 1 to " + std::to_string(kMaxRoomId) +
                                ", not '" + excerpt(word, 32) + "'",
                            "une salle est un nombre de 1 à " + std::to_string(kMaxRoomId) +
                                ", pas « " + excerpt(word, 32) + " »"});
}

}  // namespace

const std::vector<CommandHelp>& command_table() {
  return kCommands;
}

const engine::LocalText kNameRule{
    "a name is 1 to 24 letters, digits, '_', '-' or '.', with a letter, and not like a bot's "
    "(random-bot-1)",
    "un pseudo a de 1 à 24 lettres, chiffres, « _ », « - » ou « . », dont une lettre, et ne "
    "ressemble pas à celui "
    "d'un robot (random-bot-1)"};

std::string name_skeleton(std::string_view name) {
  std::string out;
  for (char c : name) {
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (c == '.' || c == '_' || c == '-') continue;  // "Victim." and "Vic-tim" are "Victim"
    if (c == 'i' || c == '1') c = 'l';               // "Vlctim", "V1ctim"
    if (c == '0') c = 'o';
    if (c == 'n' && !out.empty() && out.back() == 'r') {  // "rn" reads as "m": "Kirn" is "Kim"
      out.back() = 'm';
      continue;
    }
    out.push_back(c);
  }
  return out;
}

bool bot_style_name(std::string_view name) {
  // "<strategy>-bot-<n>" is how the server names the bots it seats; people may not look like one,
  // whichever separators they use ("random_bot_3", "random.bot3").
  std::string folded = lower(name);
  std::replace_if(
      folded.begin(), folded.end(), [](char c) { return c == '_' || c == '.'; }, '-');
  const auto at = folded.rfind("-bot");
  if (at == std::string::npos || at == 0) return false;
  std::size_t digits = at + 4;
  if (digits < folded.size() && folded[digits] == '-') ++digits;
  return digits < folded.size() &&
         std::all_of(folded.begin() + static_cast<std::ptrdiff_t>(digits), folded.end(),
                     [](char c) { return c >= '0' && c <= '9'; });
}

bool valid_name(std::string_view name) {
  if (name.empty() || name.size() > 24) return false;
  bool all_digits = true;
  for (char c : name) {
    const bool ok = std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.';
    if (!ok) return false;
    all_digits &= std::isdigit(static_cast<unsigned char>(c)) != 0;
  }
  return !all_digits && !name_skeleton(name).empty() && !bot_style_name(name);
}

Result<std::string> help_text(std::string_view topic, engine::Lang lang,
                              const std::vector<std::string>& bots) {
  const bool fr = lang == engine::Lang::fr;
  auto line = [&](const CommandHelp& c) {
    std::string text = std::string(c.usage) + " - " + std::string(fr ? c.summary_fr : c.summary);
    if (c.name == "addbot" && !bots.empty()) {
      text += fr ? " (stratégies :" : " (strategies:";
      for (const auto& b : bots) text += " " + b;
      text += ")";
    }
    return text;
  };
  std::string t = lower(trim(topic));
  if (!t.empty() && t.front() == '/') t.erase(0, 1);
  if (t.empty()) {
    std::string text =
        fr ? "Commandes (le texte simple est du chat) :" : "Commands (plain text is chat):";
    for (const auto& c : kCommands) text += "\n  " + line(c);
    return text;
  }
  for (const auto& c : kCommands)
    if (c.name == t) return line(c);
  return make_error(ErrorCode::unknown_command,
                    "no command /" + excerpt(t, 32) + "; /help lists them",
                    "pas de commande /" + excerpt(t, 32) + " ; /help les liste");
}

Result<Command> parse_command(std::string_view line) {
  const bool said = line.empty() || line.front() != '/' || (line.size() > 1 && line[1] == '/');
  if (said) {
    const std::string_view text = trim(line.empty() || line.front() != '/' ? line : line.substr(1));
    if (text.size() > kMaxChatLength)
      return make_error(ErrorCode::bad_arguments, "a chat line is at most 500 characters",
                        "une ligne de chat a au plus 500 caractères");
    return Command{cmd::Say{std::string(text)}};
  }

  std::string_view rest = line.substr(1);
  std::size_t end = 0;
  while (end < rest.size() && !std::isspace(static_cast<unsigned char>(rest[end]))) ++end;
  const std::string name = lower(rest.substr(0, end));
  const std::string_view tail = trim(rest.substr(end));
  const auto args = split_words(tail);

  auto no_args = [&](Command c) -> Result<Command> {
    if (!args.empty())
      return usage_error(
          name, {"/" + name + " takes no arguments", "/" + name + " ne prend pas d'argument"});
    return c;
  };

  if (name == "help") {
    if (args.size() > 1) return usage_error(name, {"one topic at most", "un sujet au plus"});
    return Command{cmd::Help{args.empty() ? "" : std::string(args[0])}};
  }
  if (name == "nick") {
    if (args.size() != 1) return usage_error(name, {"give one name", "donnez un seul nom"});
    if (!valid_name(args[0])) return make_error(ErrorCode::bad_name, kNameRule);
    return Command{cmd::Nick{std::string(args[0])}};
  }
  // Whatever follows /register or /login (a password typed by mistake) is dropped here, unread: the
  // lobby answers with the way to do it, and nothing echoes or logs the line.
  if (name == "register") return Command{cmd::Register{}};
  if (name == "login") return Command{cmd::Login{}};
  if (name == "logout") {
    if (args.size() > 1 || (args.size() == 1 && lower(args[0]) != "everywhere"))
      return usage_error(name,
                         {"/logout, or /logout everywhere", "/logout, ou /logout everywhere"});
    return Command{cmd::Logout{args.size() == 1}};
  }
  if (name == "top") {
    if (args.size() != 1)
      return usage_error(name,
                         {"name one game (/games lists them)", "nommez un jeu (/games les liste)"});
    return Command{cmd::Top{lower(args[0])}};
  }
  if (name == "profile") {
    if (args.size() > 1) return usage_error(name, {"one name at most", "un nom au plus"});
    return Command{cmd::Profile{args.empty() ? "" : std::string(args[0])}};
  }
  if (name == "history") {
    // A cursor holds a colon, which no name does: one word is a name or a cursor, never both.
    if (args.size() > 2)
      return usage_error(
          name, {"a name, then a cursor if you like", "un nom, puis un curseur si vous voulez"});
    cmd::History h;
    for (std::size_t i = 0; i < args.size(); ++i) {
      if (args[i].find(':') == std::string_view::npos) {
        if (i > 0 || (args.size() == 2 && args[1].find(':') == std::string_view::npos))
          return usage_error(name, {"a name, then a cursor if you like",
                                    "un nom, puis un curseur si vous voulez"});
        h.name = std::string(args[i]);
        continue;
      }
      if (h.after) return usage_error(name, {"one cursor at most", "un curseur au plus"});
      h.after = parse_history_cursor(args[i]);
      if (!h.after)
        return usage_error(name, {"'" + excerpt(args[i], 32) + "' is not a page's cursor",
                                  "« " + excerpt(args[i], 32) + " » n'est pas un curseur de page"});
    }
    return Command{std::move(h)};
  }
  if (name == "games") return no_args(cmd::Games{});
  if (name == "rooms") return no_args(cmd::Rooms{});
  if (name == "create") {
    if (args.empty())
      return usage_error(name,
                         {"name a game (/games lists them)", "nommez un jeu (/games les liste)"});
    cmd::Create c{lower(args[0]), {}};
    for (std::size_t i = 1; i < args.size(); ++i) {
      auto kv = key_value(name, args[i]);
      if (!kv.ok()) return kv.error();
      c.options[kv->first] = kv->second;
    }
    return Command{std::move(c)};
  }
  if (name == "option") {
    if (args.size() != 1)
      return usage_error(name, {"give one key=value", "donnez une seule clé=valeur"});
    auto kv = key_value(name, args[0]);
    if (!kv.ok()) return kv.error();
    return Command{cmd::Option{kv->first, kv->second}};
  }
  if (name == "join") {
    if (args.size() > 2) return usage_error(name, {"too many arguments", "trop d'arguments"});
    cmd::Join j;
    if (!args.empty()) {
      auto room = positive_number(args[0]);
      if (!room) return not_a_room(name, args[0]);
      j.room = *room;
    }
    if (args.size() == 2) {
      auto seat = positive_number(args[1]);
      if (!seat || *seat > 64)
        return usage_error(name,
                           {"a seat is a number from 1", "une place est un nombre à partir de 1"});
      j.seat = static_cast<int>(*seat);
    }
    return Command{j};
  }
  if (name == "leave") return no_args(cmd::Leave{});
  if (name == "watch") {
    if (args.size() != 1) return usage_error(name, {"name one room", "nommez une salle"});
    auto room = positive_number(args[0]);
    if (!room) return not_a_room(name, args[0]);
    return Command{cmd::Watch{*room}};
  }
  if (name == "start") return no_args(cmd::Start{});
  if (name == "addbot") {
    if (args.size() > 1)
      return usage_error(name, {"one strategy at most", "une stratégie au plus"});
    return Command{cmd::AddBot{args.empty() ? "random" : lower(args[0])}};
  }
  if (name == "play") {
    if (tail.empty())
      return usage_error(
          name, {"say which move (/moves lists them)", "dites quel coup (/moves les liste)"});
    return Command{cmd::Play{std::string(tail)}};
  }
  if (name == "moves") return no_args(cmd::Moves{});
  if (name == "who") return no_args(cmd::Who{});
  if (name == "log") {
    if (args.size() > 1) return usage_error(name, {"one room at most", "une salle au plus"});
    cmd::Log l;
    if (!args.empty()) {
      auto room = positive_number(args[0]);
      if (!room) return not_a_room(name, args[0]);
      l.room = *room;
    }
    return Command{l};
  }
  if (name == "kick") {
    if (args.size() != 1) return usage_error(name, {"name one player", "nommez un joueur"});
    return Command{cmd::Kick{std::string(args[0])}};
  }
  if (name == "lang") {
    if (args.size() != 1)
      return usage_error(name, {"name one language: en or fr", "nommez une langue : en ou fr"});
    auto lang = engine::parse_lang(lower(args[0]));
    if (!lang)
      return usage_error(name, {"the languages are en and fr", "les langues sont en et fr"});
    return Command{cmd::SetLang{*lang}};
  }
  if (name == "rematch") return no_args(cmd::Rematch{});
  if (name == "replay") {
    if (args.empty() || args.size() > 2)
      return usage_error(name, {"name one room, then a step if you like",
                                "nommez une salle, puis une étape si vous voulez"});
    auto room = positive_number(args[0]);
    if (!room) return not_a_room(name, args[0]);
    cmd::Replay r{*room, 0};
    if (args.size() == 2) {
      auto step = args[1] == "0" ? std::optional<std::int64_t>(0) : positive_number(args[1]);
      if (!step || *step > 1000000)
        return usage_error(name,
                           {"a step is a number from 0", "une étape est un nombre à partir de 0"});
      r.step = static_cast<int>(*step);
    }
    return Command{r};
  }
  if (name == "handover") {
    if (args.size() != 1)
      return usage_error(name, {"name one seat or player", "nommez une place ou un joueur"});
    return Command{cmd::Handover{std::string(args[0])}};
  }
  return make_error(ErrorCode::unknown_command,
                    "unknown command /" + excerpt(name, 32) + "; /help lists the commands",
                    "commande inconnue /" + excerpt(name, 32) + " ; /help liste les commandes");
}

}  // namespace archipel::protocol
