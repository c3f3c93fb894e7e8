package codemojex.app.cli;

import echomq.domain.fold.Tally;

/** How a command tells what a projection skipped as unreadable. */
final class Skipped {

    private Skipped() {
    }

    static void print(Tally<?> tally) {
        if (tally.skipped() == 0) {
            return;
        }
        System.out.println("skipped " + tally.skipped() + " unreadable entr" + (tally.skipped() == 1 ? "y" : "ies") + ":");
        for (Tally.Skipped s : tally.examples()) {
            System.out.println("  " + s.id() + "  " + s.reason());
        }
        if (tally.skipped() > tally.examples().size()) {
            System.out.println("  … and " + (tally.skipped() - tally.examples().size()) + " more");
        }
    }
}
