package codemojex.app.cli;

import codemojex.app.Codemojex;
import codemojex.app.core.port.in.RebuildBoardUseCase;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

import java.util.concurrent.Callable;

@Command(name = "rebuild-board", mixinStandardHelpOptions = true,
        description = "Fold the whole guess-scored log into the game's board and say whether it equals the live board (exit 3 if not).")
final class RebuildBoardCommand implements Callable<Integer> {

    @Mixin
    RedisOption redis;

    @Parameters(paramLabel = "GAME", description = "the game id")
    String game;

    @Override
    public Integer call() {
        try (Codemojex app = redis.require()) {
            RebuildBoardUseCase.Rebuild r = app.useCases().rebuilds().rebuildBoard(game);
            System.out.println(r.from().map(id -> "from the checkpoint folded up to " + id + " and " + r.tail() + " entries after it")
                    .getOrElse(() -> "from the whole log (" + r.tail() + " entries)" + r.ignored().map(w -> "; checkpoint not used: " + w).getOrElse("")));
            if (r.skipped() > 0) {
                System.out.println("skipped " + r.skipped() + " unreadable guess-scored entr" + (r.skipped() == 1 ? "y" : "ies"));
            }
            if (r.equal()) {
                System.out.println("rebuilt board of " + game + " equals the live board (" + r.live().size()
                        + (r.live().size() == 1 ? " player)" : " players)"));
                return 0;
            }
            System.out.println("rebuilt board of " + game + " DIFFERS from the live board");
            System.out.println("rebuilt: " + r.rebuilt());
            System.out.println("live:    " + r.live());
            return 3;
        }
    }
}
