package dev.upshift.schedule;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import java.util.Random;

/**
 * A {@link Random} whose bits come from a fuzzer's input, so that a generator written for random
 * testing becomes coverage-guided: the fuzzer steers the choices its input covers. When the input
 * runs out the bits come from a generator seeded with {@code seed}, so that loops drawing until they
 * have enough distinct values still end, a short input still makes a varied case, and the same input
 * always gives the same choices.
 */
final class FuzzedRandom extends Random {
    private static final long serialVersionUID = 1L;

    private final transient FuzzedDataProvider data;

    FuzzedRandom(FuzzedDataProvider data, long seed) {
        super(seed);
        this.data = data;
    }

    @Override
    protected int next(int bits) {
        if (data == null || data.remainingBytes() < Integer.BYTES) {
            return super.next(bits);
        }
        return data.consumeInt() >>> (Integer.SIZE - bits);
    }
}
