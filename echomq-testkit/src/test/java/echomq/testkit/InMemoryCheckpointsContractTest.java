package echomq.testkit;

import echomq.domain.checkpoint.CheckpointPort;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;

import java.util.List;

class InMemoryCheckpointsContractTest extends CheckpointPortContract {

    private final SortedMapStreamRange streams = new SortedMapStreamRange();
    private final InMemoryCheckpoints checkpoints = new InMemoryCheckpoints(streams);

    @Override
    protected CheckpointPort checkpoints() {
        return checkpoints;
    }

    @Override
    protected void store(StreamKey key, List<StreamEntry> entries) {
        streams.put(key, entries);
    }

    @Override
    protected void delete(StreamKey key) {
        streams.remove(key);
    }
}
