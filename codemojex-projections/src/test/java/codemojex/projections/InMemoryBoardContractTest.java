package codemojex.projections;

import codemojex.projections.testkit.BoardContract;
import codemojex.projections.testkit.InMemoryBoard;

class InMemoryBoardContractTest extends BoardContract {
    private final Board board = new InMemoryBoard();

    @Override
    protected Board board() {
        return board;
    }
}
