package echomq.testkit;

import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;

import java.util.List;

class InMemoryStreamRangeContractTest extends StreamRangePortContract {

    private final SortedMapStreamRange port = new SortedMapStreamRange();

    @Override
    protected StreamRangePort port() {
        return port;
    }

    @Override
    protected void store(StreamKey key, List<StreamEntry> entries) {
        port.put(key, entries);
    }
}
