package codemojex.app.core.service;

import codemojex.app.core.Idempotency;
import codemojex.app.core.IdempotencySeal;
import codemojex.app.core.IdempotentAnswer;
import codemojex.app.core.port.in.IdempotentRequests;
import codemojex.app.core.port.out.IdempotencyRecords;
import io.vavr.control.Option;

import java.util.HexFormat;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * {@link IdempotentRequests} over the store of {@link IdempotencyRecords}: each attempt holds a key
 * under an owner id of its own (random), so that an attempt whose lease ended cannot answer or let
 * go of a key another attempt holds now. Answers are kept sealed ({@link IdempotencySeal}).
 */
public final class IdempotencyService implements IdempotentRequests {

    private final IdempotencyRecords records;
    private final IdempotencySeal seal;
    private final RandomGenerator random;

    /** Over {@code records}; owner ids and seal nonces drawn from {@code random} (a {@link java.security.SecureRandom}). */
    public IdempotencyService(IdempotencyRecords records, RandomGenerator random) {
        this.records = Objects.requireNonNull(records, "records");
        this.random = Objects.requireNonNull(random, "random");
        this.seal = new IdempotencySeal(random);
    }

    @Override
    public Begun begin(Idempotency.Request request) {
        byte[] id = new byte[16];
        random.nextBytes(id);
        String owner = HexFormat.of().formatHex(id);
        Option<Idempotency.Held> held = records.reserve(request, owner, Idempotency.LEASE);
        Idempotency.Decision decision = Idempotency.decide(request, held, sealed -> seal.open(request, sealed));
        if (decision instanceof Idempotency.Decision.Replay) {
            // a kept answer, maybe of a request whose replicas were silent: given again only once they hold it
            records.confirm(request);
        }
        return new Begun() {
            @Override
            public Idempotency.Decision decision() {
                return decision;
            }

            @Override
            public boolean answered(IdempotentAnswer answer) {
                requireFresh();
                return records.complete(request, owner, seal.seal(request, answer), Idempotency.KEPT);
            }

            @Override
            public void release() {
                requireFresh();
                records.release(request, owner);
            }

            private void requireFresh() {
                if (!fresh()) {
                    throw new IllegalStateException("a request answered again or refused holds no key: " + decision);
                }
            }
        };
    }
}
