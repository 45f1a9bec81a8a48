package dev.upshift.core.engine;

/**
 * Tells an {@link EngineObserver} something, dropping what it throws: watching never holds an
 * upgrade up or fails one (the observer's contract says it must not throw).
 */
final class Observing {
    private Observing() {}

    static void tell(Runnable call) {
        try {
            call.run();
        } catch (RuntimeException dropped) {
            // an observer's own fault; the engine goes on (EngineObserver's contract)
        }
    }
}
