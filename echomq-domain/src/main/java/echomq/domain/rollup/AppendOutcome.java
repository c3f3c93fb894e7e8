package echomq.domain.rollup;

import echomq.domain.id.StreamId;

import java.util.Objects;

/**
 * What an append at an id came to: the entry is in the stream under that id, or the stream's top
 * was already at or above it and nothing was written.
 */
public sealed interface AppendOutcome permits AppendOutcome.Appended, AppendOutcome.NotAboveTop {

    /**
     * Whether the entry was written.
     *
     * @return true for {@link Appended}
     */
    boolean appended();

    /**
     * The entry was written under {@code id}.
     *
     * @param id the id it was written under
     */
    record Appended(StreamId id) implements AppendOutcome {
        /**
         * Checks the id.
         *
         * @param id the id, not null
         */
        public Appended {
            Objects.requireNonNull(id, "id");
        }

        @Override
        public boolean appended() {
            return true;
        }
    }

    /**
     * Nothing was written: the stream's top (its last generated id, which only rises) is at or
     * above the id asked for.
     *
     * @param top the stream's top when the append was refused
     */
    record NotAboveTop(StreamId top) implements AppendOutcome {
        /**
         * Checks the top.
         *
         * @param top the top, not null
         */
        public NotAboveTop {
            Objects.requireNonNull(top, "top");
        }

        @Override
        public boolean appended() {
            return false;
        }
    }
}
