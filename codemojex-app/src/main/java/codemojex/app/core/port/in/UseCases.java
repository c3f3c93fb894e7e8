package codemojex.app.core.port.in;

import java.util.Objects;

/**
 * Every use case of the app, each behind its port, as the composition root builds them once and hands
 * them to the adapters (the HTTP routes, the command line, the score worker):
 * {@code uses.guesses().submit(game, login.playerId(), login.player(), guess)}. The live values (a
 * watched game, the lead's feed and lobby) are a running server's own ({@code Server}), not here.
 *
 * @param rooms       opening a game in a room
 * @param joins       joining a game under a name
 * @param logins      who a presented token is
 * @param guesses     submitting a guess
 * @param scoring     scoring delivered guesses (the score worker drives it)
 * @param games       a game and its guesses as they stand
 * @param lobby       the lobby's list of games
 * @param feeds       the recent activity feed and its series
 * @param openings    games opened per room
 * @param results     a day's results
 * @param boards      a game's live board
 * @param sessions    a game's play sessions
 * @param rebuilds    a board rebuilt from the log, and the boards' checkpoints
 * @param trims       retention of the log
 * @param idempotency the writes that carry an {@code Idempotency-Key}: once per key and scope
 */
public record UseCases(OpenGameUseCase rooms, JoinGameUseCase joins, LoginQuery logins, SubmitGuessUseCase guesses,
                       ScoreGuessesUseCase scoring, GameQuery games, LobbyQuery lobby, FeedQuery feeds, OpeningsQuery openings,
                       ResultsQuery results, BoardQuery boards, SessionsQuery sessions, RebuildBoardUseCase rebuilds, TrimUseCase trims,
                       IdempotentRequests idempotency) {

    public UseCases {
        Objects.requireNonNull(rooms, "rooms");
        Objects.requireNonNull(joins, "joins");
        Objects.requireNonNull(logins, "logins");
        Objects.requireNonNull(guesses, "guesses");
        Objects.requireNonNull(scoring, "scoring");
        Objects.requireNonNull(games, "games");
        Objects.requireNonNull(lobby, "lobby");
        Objects.requireNonNull(feeds, "feeds");
        Objects.requireNonNull(openings, "openings");
        Objects.requireNonNull(results, "results");
        Objects.requireNonNull(boards, "boards");
        Objects.requireNonNull(sessions, "sessions");
        Objects.requireNonNull(rebuilds, "rebuilds");
        Objects.requireNonNull(trims, "trims");
        Objects.requireNonNull(idempotency, "idempotency");
    }
}
