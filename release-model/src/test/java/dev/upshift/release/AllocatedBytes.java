package dev.upshift.release;

import java.lang.reflect.Method;
import java.util.OptionalLong;

/**
 * Reads how many bytes the current thread has allocated, through HotSpot's
 * {@code com.sun.management.ThreadMXBean}.
 *
 * <p>Reached by reflection because the tests compile inside the module {@code dev.upshift.release},
 * which (rightly) does not read {@code java.management}; they run on the class path, where the call
 * works. Empty on a JVM without the method.
 */
final class AllocatedBytes {
    private AllocatedBytes() {}

    static OptionalLong ofCurrentThread() {
        try {
            Object bean = Class.forName("java.lang.management.ManagementFactory")
                    .getMethod("getThreadMXBean")
                    .invoke(null);
            Method allocated = Class.forName("com.sun.management.ThreadMXBean")
                    .getMethod("getThreadAllocatedBytes", long.class);
            return OptionalLong.of((long) allocated.invoke(bean, Thread.currentThread().getId()));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return OptionalLong.empty();
        }
    }
}
