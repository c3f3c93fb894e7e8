package echomq.testkit;

import echomq.domain.closing.BucketMarkPort;

class InMemoryBucketMarksContractTest extends BucketMarkPortContract {

    private final InMemoryBucketMarks marks = new InMemoryBucketMarks();

    @Override
    protected BucketMarkPort marks() {
        return marks;
    }
}
