package codemojex.app.cli;

import codemojex.app.Codemojex;
import codemojex.projections.Board;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "board", mixinStandardHelpOptions = true, description = "Print the live board of a game.")
final class BoardCommand implements Runnable {

    @Mixin
    RedisOption redis;

    @Parameters(paramLabel = "GAME", description = "the game id")
    String game;

    @Option(names = "--top", defaultValue = "10", description = "how many places (default: ${DEFAULT-VALUE})")
    int top;

    @Override
    public void run() {
        try (Codemojex app = redis.require()) {
            var board = app.useCases().boards().board(game, top);
            if (board.isEmpty()) {
                System.out.println("no guess is scored in game " + game + " yet");
            }
            for (Board.Ranked r : board) {
                System.out.printf("%3d. %-32s %3d  %s%n", r.rank(), r.player(), r.best(), r.playerId());
            }
        }
    }
}
