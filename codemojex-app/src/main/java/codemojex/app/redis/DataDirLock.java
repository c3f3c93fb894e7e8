package codemojex.app.redis;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.StandardOpenOption;

/**
 * The lock on a {@link DataDirectory}'s {@value DataDirectory#LOCK}: whoever holds it owns the
 * directory, until {@link #close()} or the end of its process, however it ends. One holder at a
 * time, across processes and within one.
 */
public final class DataDirLock implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(DataDirLock.class);

    private final FileLock lock;

    private DataDirLock(FileLock lock) {
        this.lock = lock;
    }

    /**
     * Takes the lock of {@code data}.
     *
     * @throws DataDirectory.InUse when another holder has it
     */
    static DataDirLock take(DataDirectory data) {
        try {
            FileChannel channel = FileChannel.open(data.path().resolve(DataDirectory.LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException sameProcess) {
                lock = null;
            }
            if (lock == null) {
                channel.close();
                throw new DataDirectory.InUse(data);
            }
            return new DataDirLock(lock);
        } catch (IOException e) {
            throw new IllegalStateException("cannot lock data directory " + data.path() + ": " + e.getMessage(), e);
        }
    }

    /** Whether this lock still holds the directory. */
    public boolean held() {
        return lock.isValid();
    }

    /** Lets go of the directory (once; closing again does nothing). */
    @Override
    public void close() {
        try {
            lock.channel().close(); // releases the lock
        } catch (IOException e) {
            log.warn("could not release the data directory lock: {}", e.getMessage());
        }
    }
}
