// The lobby's part of accounts (docs/protocol.md, "Accounts"): register, login, logout, and the
// names guests may not take. Passwords are checked on the accounts' thread (server/accounts.hpp);
// what they decide comes back here, on the lobby's strand, to change the players.
#include <spdlog/spdlog.h>

#include "protocol/command_parser.hpp"
#include "server/lobby.hpp"
#include "server/lobby_errors.hpp"

namespace archipel::server {

using nlohmann::json;
using protocol::ErrorCode;
using protocol::make_error;

namespace {

protocol::Error accounts_off() {
  return make_error(ErrorCode::not_available, "this server does not offer accounts",
                    "ce serveur ne propose pas de comptes");
}

// The one answer to a wrong name and to a wrong password: nothing tells which it was.
protocol::Error login_failed() {
  return make_error(ErrorCode::login_failed, "wrong name or password",
                    "pseudo ou mot de passe erroné");
}

protocol::Error login_limited() {
  return make_error(ErrorCode::login_limited,
                    "too many attempts for this name or from your address; wait a minute",
                    "trop d'essais pour ce pseudo ou depuis votre adresse ; attendez une minute");
}

}  // namespace

protocol::Error Lobby::name_registered(const std::string& name) {
  return make_error(ErrorCode::name_registered,
                    "the name " + name + " belongs to an account: log in, or pick another",
                    "le pseudo " + name +
                        " appartient à un compte : connectez-vous, ou choisissez-"
                        "en un autre");
}

bool Lobby::is_registered(const std::string& name) const {
  return registered_.count(protocol::name_skeleton(name)) > 0;
}

void Lobby::account_hint(Player& player, bool login) {
  send_info(player.client,
            login ? engine::LocalText{"To log in, use the sign-in form at the top of the page (a "
                                      "program sends a login message). Never type a password in "
                                      "the chat.",
                                      "Pour vous connecter, utilisez le formulaire en haut de la "
                                      "page (un programme envoie un message login). Ne tapez "
                                      "jamais de mot de passe dans le chat."}
                  : engine::LocalText{"To keep your name with a password, use the sign-in form at "
                                      "the top of the page (a program sends a register message). "
                                      "Never type a password in the chat.",
                                      "Pour garder votre pseudo avec un mot de passe, utilisez le "
                                      "formulaire en haut de la page (un programme envoie un "
                                      "message register). Ne tapez jamais de mot de passe dans le "
                                      "chat."});
}

void Lobby::register_account(Player& player, protocol::Register& request) {
  if (!accounts_ || cluster_) return send_error(player.client, accounts_off());
  if (player.bot) return;
  if (player.registered || player.registering)
    return send_error(player.client,
                      make_error(ErrorCode::already_registered, "your name is already an account",
                                 "votre pseudo est déjà un compte"));
  if (is_registered(player.name)) return send_error(player.client, name_registered(player.name));
  // A hash costs the server a good part of a second: registrations count against the address's
  // attempts too.
  if (!login_limiter_.allow("", player.client->address(), LoginLimiter::Clock::now())) {
    context_.metrics->logins_limited++;
    return send_error(player.client, login_limited());
  }
  player.registering = true;
  accounts_->register_account(
      player.name, std::move(request.password), player.token,
      [weak = weak_from_this(), token = player.token, name = player.name](auto result) {
        if (auto l = weak.lock())
          l->post([=](Lobby& l) { l.registered(token, name, token, result); });
      });
}

void Lobby::registered(const std::string& token, const std::string& name,
                       const std::string& credential, Accounts::Registered result) {
  Player* player = players_.by_token(token);
  if (result == Accounts::Registered::yes) registered_[protocol::name_skeleton(name)] = name;
  if (!player) return;  // gone meanwhile: the account stays, its token works
  player->registering = false;
  if (result == Accounts::Registered::name_held)
    return send_error(player->client, name_registered(name));
  if (result == Accounts::Registered::failed)
    return send_error(player->client,
                      make_error(ErrorCode::server_error, "the account could not be stored",
                                 "le compte n'a pas pu être enregistré"));
  player->registered = true;
  players_.add_credential(*player, credential);
  player->credential = credential;
  send(player->client, protocol::account_message(player->name, true, "registered"));
  send_info(player->client,
            {"The name " + name + " is yours now: log in with it and your password from anywhere",
             "Le pseudo " + name +
                 " est à vous désormais : connectez-vous avec lui et votre mot de passe de "
                 "partout"});
}

void Lobby::login(const ClientPtr& client, protocol::Login& request) {
  if (request.lang) client->set_lang(*request.lang);  // its answers are read in it, as hello's
  if (!accounts_ || cluster_) return send_error(client, accounts_off());
  if (hello_pending_.count(client->id()))
    return send_error(client, make_error(ErrorCode::already_welcomed,
                                         "this connection is already being welcomed"));
  const std::string name_key = protocol::name_skeleton(request.name);
  // Refused before any hash: the limits cost the server nothing to enforce.
  if (!login_limiter_.allow(name_key, client->address(), LoginLimiter::Clock::now())) {
    context_.metrics->logins_limited++;
    return send_error(client, login_limited());
  }
  hello_pending_.insert(client->id());
  const std::string credential = new_token();
  accounts_->login(
      std::move(request.name), std::move(request.password), credential,
      [weak = weak_from_this(), client, name_key, credential](auto account) {
        if (auto l = weak.lock())
          l->post([=](Lobby& l) { l.logged_in(client, account, name_key, credential); }, client);
      });
}

void Lobby::logged_in(const ClientPtr& client, const std::optional<std::string>& account,
                      const std::string& name_key, const std::string& credential) {
  const bool open = hello_pending_.erase(client->id()) > 0;
  if (!account) return send_error(client, login_failed());
  login_limiter_.succeeded(name_key);
  registered_[protocol::name_skeleton(*account)] = *account;
  if (!open) return;  // the connection closed meanwhile: the token was issued to no one
  // This connection's player until now (a guest, or another account) lets go of it.
  if (Player* before = players_.by_client(client)) {
    if (protocol::name_skeleton(before->name) != protocol::name_skeleton(*account)) let_go(*before);
  }
  Player& player = account_player(*account);
  if (player.client && player.client != client) replace_connection(player);
  players_.add_credential(player, credential);
  player.credential = credential;
  welcome(client, player, protocol::Hello{std::nullopt, credential, std::nullopt});
  send(client, protocol::account_message(player.name, true, "logged_in"));
}

Player& Lobby::account_player(const std::string& account) {
  if (Player* p = players_.by_name(account)) {
    p->registered = true;
    return *p;
  }
  Player& p = players_.add(new_token(), account);
  p.registered = true;
  return p;
}

void Lobby::hello_account_token(const ClientPtr& client, const protocol::Hello& hello) {
  if (!accounts_) return;
  hello_pending_.insert(client->id());
  accounts_->account_of_token(*hello.token, [weak = weak_from_this(), client, hello](auto account) {
    if (auto l = weak.lock())
      l->post(
          [=](Lobby& l) {
            if (!l.hello_pending_.erase(client->id())) return;  // closed meanwhile
            if (!account) return l.send_error(client, unknown_token());
            Player& player = l.account_player(*account);
            if (player.client) l.replace_connection(player);
            l.players_.add_credential(player, *hello.token);
            player.credential = *hello.token;
            l.welcome(client, player, hello);
          },
          client);
  });
}

void Lobby::logout(Player& player, bool everywhere) {
  if (!player.registered)
    return send_error(
        player.client,
        make_error(ErrorCode::not_registered, "you are a guest: there is nothing to log out of",
                   "vous êtes invité : il n'y a pas de compte à quitter"));
  if (everywhere) {
    players_.revoke_credentials(player);
    accounts_->revoke(player.name, "");
  } else {
    players_.revoke_credential(player.credential);
    accounts_->revoke(player.name, player.credential);
  }
  spdlog::info("event=logged_out name={} everywhere={}", player.name, everywhere);
  // The connection stays open, no one's: it may say hello as a guest (another name) or log in.
  // The account's seats wait for it as for a dropped player.
  const ClientPtr client = player.client;
  send(client, protocol::account_message(player.name, false, "logged_out"));
  send_info(client, everywhere ? engine::LocalText{"You are logged out on every device",
                                                   "Vous êtes déconnecté sur tous les appareils"}
                               : engine::LocalText{"You are logged out", "Vous êtes déconnecté"});
  let_go(player);
}

}  // namespace archipel::server
