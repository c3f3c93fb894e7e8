package echomq.testkit;

import echomq.domain.rollup.RollupAppendPort;
import echomq.domain.stream.StreamRangePort;

/** The rollup append contract on {@link InMemoryStreams}. */
class InMemoryRollupAppendsContractTest extends RollupAppendPortContract {

    private final InMemoryStreams streams = new InMemoryStreams();

    @Override
    protected RollupAppendPort appends() {
        return streams;
    }

    @Override
    protected StreamRangePort reader() {
        return streams;
    }
}
