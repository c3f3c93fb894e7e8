package echomq.testkit;

import echomq.domain.lease.PartitionLeasePort;

import java.time.Clock;

class InMemoryPartitionLeasesContractTest extends PartitionLeasePortContract {

    private final PartitionLeasePort leases = new InMemoryPartitionLeases(Clock.systemUTC());

    @Override
    protected PartitionLeasePort leases() {
        return leases;
    }
}
