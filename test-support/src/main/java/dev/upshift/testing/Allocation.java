package dev.upshift.testing;

import java.lang.reflect.Method;

/**
 * Bytes allocated by the current thread, through HotSpot's {@code com.sun.management.ThreadMXBean}
 * (reached by reflection: the module does not read {@code java.management}; tests run on the class
 * path). -1 on a JVM without it.
 */
public final class Allocation {
    private Allocation() {}

    public static long ofCurrentThread() {
        try {
            Object bean = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean").invoke(null);
            Method allocated = Class.forName("com.sun.management.ThreadMXBean").getMethod("getThreadAllocatedBytes", long.class);
            return (long) allocated.invoke(bean, Thread.currentThread().getId());
        } catch (ReflectiveOperationException | RuntimeException e) {
            return -1;
        }
    }
}
