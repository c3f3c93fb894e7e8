package echomq.sql.plan;

import echomq.sql.result.Value;

import java.util.Arrays;

/**
 * The values of a row's {@code GROUP BY} fields, NULL (a missing field) included: rows with equal
 * keys are one group, as SQL groups NULLs together. Ordered field by field, NULL first.
 */
public final class GroupKey implements Comparable<GroupKey> {

    private final String[] values;

    private GroupKey(String[] values) {
        this.values = values;
    }

    /**
     * The key of these values.
     *
     * @param values each {@code GROUP BY} field's text, null for a missing field (the array is kept, not copied)
     * @return the key
     */
    public static GroupKey of(String[] values) {
        return new GroupKey(values);
    }

    /**
     * The value of key {@code i}.
     *
     * @param i the key's place in the {@code GROUP BY}, from 0
     * @return the text, NULL for a missing field
     */
    public Value value(int i) {
        return values[i] == null ? Value.NULL : new Value.Text(values[i]);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GroupKey k && Arrays.equals(k.values, values);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(values);
    }

    @Override
    public int compareTo(GroupKey o) {
        for (int i = 0; i < values.length; i++) {
            String a = values[i];
            String b = o.values[i];
            if (a == null || b == null) {
                if (a != b) {
                    return a == null ? -1 : 1;
                }
            } else {
                int c = a.compareTo(b);
                if (c != 0) {
                    return c;
                }
            }
        }
        return 0;
    }

    @Override
    public String toString() {
        return Arrays.toString(values);
    }
}
