# Benchmark: a task-scheduler simulation in the style of Martin Richards' benchmark
# (an idle task, a worker, two handlers and two devices exchanging packets under a
# priority scheduler). Object-oriented: attribute access and method calls dominate.
# Written for tirun; with COUNT = 10000 one run queues 23246 packets and holds 9297
# times, the classic figures.
ITERATIONS = 22
COUNT = 10000

ID_IDLE = 0
ID_WORKER = 1
ID_HANDLER_A = 2
ID_HANDLER_B = 3
ID_DEVICE_A = 4
ID_DEVICE_B = 5
NUM_TASKS = 6

KIND_DEVICE = 0
KIND_WORK = 1

BUFFER_SIZE = 4


class Packet:
    def __init__(self, link, dest, kind):
        self.link = link
        self.dest = dest
        self.kind = kind
        self.datum = 0
        self.data = [0] * BUFFER_SIZE

    def append_to(self, queue):
        """Appends self at the end of `queue` (a chain of packets or None)."""
        self.link = None
        if queue is None:
            return self
        tail = queue
        while tail.link is not None:
            tail = tail.link
        tail.link = self
        return queue


class Task:
    def __init__(self, sched, ident, priority, queue, waiting):
        self.sched = sched
        self.ident = ident
        self.priority = priority
        self.queue = queue
        self.has_packet = queue is not None
        self.waiting = waiting
        self.held = False
        self.next = sched.first
        sched.first = self
        sched.tasks[ident] = self

    def blocked(self):
        return self.held or (self.waiting and not self.has_packet)

    def receive(self, packet, sender):
        """A packet arrives; returns the task that should run next."""
        if self.queue is None:
            self.queue = packet
            self.has_packet = True
            if self.priority > sender.priority:
                return self
        else:
            packet.append_to(self.queue)
        return sender

    def step(self):
        packet = None
        if self.waiting and self.has_packet and not self.held:
            packet = self.queue
            self.queue = packet.link
            self.has_packet = self.queue is not None
            self.waiting = False
        return self.work(packet)

    # operations a running task performs on the scheduler
    def wait(self):
        self.waiting = True
        return self

    def hold(self):
        self.sched.hold_count += 1
        self.held = True
        return self.next

    def release(self, ident):
        other = self.sched.tasks[ident]
        other.held = False
        if other.priority > self.priority:
            return other
        return self

    def send(self, packet):
        target = self.sched.tasks[packet.dest]
        self.sched.queue_count += 1
        packet.link = None
        packet.dest = self.ident
        return target.receive(packet, self)


class IdleTask(Task):
    def __init__(self, sched, count):
        Task.__init__(self, sched, ID_IDLE, 0, None, False)
        self.seed = 1
        self.count = count

    def work(self, packet):
        self.count -= 1
        if self.count == 0:
            return self.hold()
        if self.seed & 1 == 0:
            self.seed >>= 1
            return self.release(ID_DEVICE_A)
        self.seed = (self.seed >> 1) ^ 0xD008
        return self.release(ID_DEVICE_B)


class WorkerTask(Task):
    def __init__(self, sched, queue):
        Task.__init__(self, sched, ID_WORKER, 1000, queue, True)
        self.dest = ID_HANDLER_A
        self.letter = 0

    def work(self, packet):
        if packet is None:
            return self.wait()
        if self.dest == ID_HANDLER_A:
            self.dest = ID_HANDLER_B
        else:
            self.dest = ID_HANDLER_A
        packet.dest = self.dest
        packet.datum = 0
        data = packet.data
        for i in range(BUFFER_SIZE):
            self.letter += 1
            if self.letter > 26:
                self.letter = 1
            data[i] = 64 + self.letter
        return self.send(packet)


class HandlerTask(Task):
    def __init__(self, sched, ident, priority, queue):
        Task.__init__(self, sched, ident, priority, queue, True)
        self.jobs = None
        self.devices = None

    def work(self, packet):
        if packet is not None:
            if packet.kind == KIND_WORK:
                self.jobs = packet.append_to(self.jobs)
            else:
                self.devices = packet.append_to(self.devices)
        job = self.jobs
        if job is not None:
            pos = job.datum
            if pos < BUFFER_SIZE:
                dev = self.devices
                if dev is not None:
                    self.devices = dev.link
                    dev.datum = job.data[pos]
                    job.datum = pos + 1
                    return self.send(dev)
            else:
                self.jobs = job.link
                return self.send(job)
        return self.wait()


class DeviceTask(Task):
    def __init__(self, sched, ident, priority):
        Task.__init__(self, sched, ident, priority, None, True)
        self.pending = None
        self.output = 0

    def work(self, packet):
        if packet is None:
            pending = self.pending
            if pending is None:
                return self.wait()
            self.pending = None
            return self.send(pending)
        self.pending = packet
        self.output = (self.output * 31 + packet.datum) & 0xFFFF
        return self.hold()


class Scheduler:
    def __init__(self):
        self.first = None
        self.tasks = [None] * NUM_TASKS
        self.queue_count = 0
        self.hold_count = 0

    def setup(self, count):
        IdleTask(self, count)
        q = Packet(None, ID_WORKER, KIND_WORK)
        q = Packet(q, ID_WORKER, KIND_WORK)
        WorkerTask(self, q)
        q = None
        for _ in range(3):
            q = Packet(q, ID_DEVICE_A, KIND_DEVICE)
        HandlerTask(self, ID_HANDLER_A, 2000, q)
        q = None
        for _ in range(3):
            q = Packet(q, ID_DEVICE_B, KIND_DEVICE)
        HandlerTask(self, ID_HANDLER_B, 3000, q)
        DeviceTask(self, ID_DEVICE_A, 4000)
        DeviceTask(self, ID_DEVICE_B, 5000)

    def run(self):
        task = self.first
        while task is not None:
            if task.blocked():
                task = task.next
            else:
                task = task.step()


def main():
    checksum = 0
    queued = held = 0
    for _ in range(ITERATIONS):
        s = Scheduler()
        s.setup(COUNT)
        s.run()
        queued, held = s.queue_count, s.hold_count
        if queued != 23246 or held != 9297:
            print("richards: wrong counts", queued, held)
        checksum = (checksum * 7 + s.tasks[ID_DEVICE_A].output
                    + s.tasks[ID_DEVICE_B].output) & 0xFFFFFF
    print("richards", queued, held, checksum)


main()
