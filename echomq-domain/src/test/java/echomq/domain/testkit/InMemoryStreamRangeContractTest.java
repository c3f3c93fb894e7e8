package echomq.domain.testkit;

import echomq.domain.StreamEntry;
import echomq.domain.StreamRangePort;

import java.util.List;

class InMemoryStreamRangeContractTest extends StreamRangePortContract {

    private final SortedMapStreamRange port = new SortedMapStreamRange();

    @Override
    protected StreamRangePort port() {
        return port;
    }

    @Override
    protected void store(String key, List<StreamEntry> entries) {
        port.put(key, entries);
    }
}
