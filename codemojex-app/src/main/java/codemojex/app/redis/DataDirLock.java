package codemojex.app.redis;

import io.vavr.control.Option;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The lock on a data directory's lock file ({@code DataDirectory.LOCK}): whoever holds it owns the
 * directory, until {@link #close()} or the end of its process, however it ends. One holder at a
 * time, across processes and within one.
 */
public final class DataDirLock implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(DataDirLock.class);

    private final FileLock lock;

    private DataDirLock(FileLock lock) {
        this.lock = lock;
    }

    /** Takes the lock held in the file {@code lockFile}: none when another holder has it. */
    static Option<DataDirLock> take(Path lockFile) {
        try {
            FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException sameProcess) {
                lock = null;
            }
            if (lock == null) {
                channel.close();
                return Option.none();
            }
            return Option.some(new DataDirLock(lock));
        } catch (IOException e) {
            throw new IllegalStateException("cannot lock data directory " + lockFile.getParent() + ": " + e.getMessage(), e);
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
