/**
 * Paths share the sandbox: most may run side by side, a path that switches a sandbox fault
 * runs alone (a readers-writer lock, FIFO).
 */
export class SandboxLock {
  private shared = 0
  private exclusive = false
  private readonly queue: Array<{ exclusive: boolean; start: () => void }> = []

  /** Waits for a turn; resolves with the function that ends it. */
  acquire(exclusive: boolean): Promise<() => void> {
    return new Promise((resolve) => {
      this.queue.push({ exclusive, start: () => resolve(() => this.release(exclusive)) })
      this.pump()
    })
  }

  private release(exclusive: boolean) {
    if (exclusive) this.exclusive = false
    else this.shared -= 1
    this.pump()
  }

  private pump() {
    while (this.queue.length > 0 && !this.exclusive) {
      const next = this.queue[0]!
      if (next.exclusive && this.shared > 0) return
      this.queue.shift()
      if (next.exclusive) this.exclusive = true
      else this.shared += 1
      next.start()
    }
  }
}
