package dev.cardroom.client

import dev.cardroom.v1.GameServiceGrpcKt.GameServiceCoroutineStub
import dev.cardroom.v1.ListGamesRequest
import dev.cardroom.v1.MatchState
import dev.cardroom.v1.MatchStatus
import dev.cardroom.v1.gameOptions
import dev.cardroom.v1.upOrDownOptions
import io.grpc.Status
import java.io.File
import java.util.concurrent.TimeUnit
import javax.net.ssl.SSLHandshakeException
import kotlin.random.Random
import kotlinx.coroutines.async
import kotlinx.coroutines.flow.map
import kotlinx.coroutines.flow.toList
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows

/**
 * The SDK against a live service: run through tests/support/live_server.py, which starts redis-server
 * and `cardroom serve` on 127.0.0.1 and passes the address in CARDROOM_GRPC_ADDRESS (and what a test
 * needs to start a server of its own in CARDROOM_TEST_*).
 */
class LiveSdkTest {
    private val address = System.getenv("CARDROOM_GRPC_ADDRESS")
        ?: error("run through tests/support/live_server.py (CARDROOM_GRPC_ADDRESS)")
    /** One seat that is to act plays a random legal action decided on its fresh view. */
    private suspend fun playStep(seats: List<Seat>, random: Random): MatchState {
        val toAct = seats[0].refresh().toActList
        val seat = seats[toAct[random.nextInt(toAct.size)]]
        val legal = seat.refresh().legalActionsList
        return seat.act(legal[random.nextInt(legal.size)]).state
    }

    private fun MatchState.active() = match.status == MatchStatus.MATCH_STATUS_ACTIVE

    @Test
    fun `a full match with a watching spectator`() = runBlocking {
        connect(address, tls = false).use { client ->
            withTimeout(120_000) {
                assertEquals(4, client.listGames().size)
                val seats = tableOfTwo(client)
                val watched = async { client.watch(seats[0].matchName).map { it.version }.toList() }
                val random = Random(1)
                var state = seats[0].state
                repeat(5000) { if (state.active()) state = playStep(seats, random) }
                assertEquals(MatchStatus.MATCH_STATUS_FINISHED, state.match.status)
                assertTrue(state.result.winnersCount > 0)
                assertEquals((1..state.match.version).toList(), watched.await())
            }
        }
    }

    @Test
    fun `typed errors carry the reason and the current version`() = runBlocking {
        connect(address, tls = false).use { client ->
            val seats = tableOfTwo(client)
            val moverSeat = seats[0].refresh().toActList.first()
            val mover = seats[moverSeat]
            val waiter = seats[1 - moverSeat]
            val legal = mover.refresh().legalActionsList
            waiter.refresh()

            val outOfTurn = assertThrows<CardroomError> { runBlocking { waiter.act(legal.first()) } }
            assertEquals(Status.Code.FAILED_PRECONDITION, outOfTurn.code)
            assertTrue(outOfTurn.reason.isNotEmpty())

            val decidedOn = mover.state.match.version
            mover.act(legal.first())
            val fresh = mover.refresh()
            val stale = assertThrows<StaleVersion> {
                runBlocking { mover.act(fresh.legalActionsList.first(), expectedVersion = decidedOn) }
            }
            assertEquals(decidedOn + 1, stale.currentVersion)
            assertEquals("STALE_VERSION", stale.reason)

            val unknown = assertThrows<CardroomError> { runBlocking { client.getMatch("games/up-or-down/matches/nosuchmatch") } }
            assertEquals(Status.Code.NOT_FOUND, unknown.code)
            assertEquals("MATCH_NOT_FOUND", unknown.reason)

            val id = newRequestId()
            val first = mover.act(fresh.legalActionsList.first(), expectedVersion = fresh.match.version, requestId = id)
            val again = mover.act(fresh.legalActionsList.first(), expectedVersion = fresh.match.version, requestId = id)
            assertEquals(first.state.match.version, again.state.match.version)
        }
    }

    @Test
    fun `TLS by default, verified against the given authority`() = runBlocking {
        val address = System.getenv("CARDROOM_TLS_GRPC_ADDRESS") ?: error("run through tests/support/live_server.py --tls")
        val authority = File(System.getenv("CARDROOM_TLS_CA"))
        authority.inputStream().use { connect(address, trustedCertificates = it) }.use { client ->
            withTimeout(120_000) {
                val seats = tableOfTwo(client)
                assertEquals(MatchStatus.MATCH_STATUS_ACTIVE, seats[0].refresh().match.status)
            }
        }
        // the platform's roots do not include the throwaway authority: the handshake fails (a stub that
        // does not wait for the channel to be ready, so the call fails at once instead of waiting)
        connect(address).use { untrusting ->
            val refused = assertThrows<CardroomError> {
                runBlocking { refusalsTyped { GameServiceCoroutineStub(untrusting.channel).listGames(ListGamesRequest.getDefaultInstance()) } }
            }
            assertEquals(Status.Code.UNAVAILABLE, refused.code)
            assertTrue(generateSequence<Throwable>(refused) { it.cause }.any { it is SSLHandshakeException }, "$refused")
        }
    }

    @Test
    fun `a watch resumes after its server is killed`() = runBlocking {
        val server = OwnServer()
        server.start()
        try {
            connect(address, tls = false).use { player ->
                connect("127.0.0.1:${server.port}", tls = false, retry = RetryPolicy(watchReconnects = 30)).use { watcher ->
                    withTimeout(180_000) {
                        val seats = tableOfTwo(player)
                        val watched = async { watcher.watch(seats[0].matchName).map { it.version }.toList() }
                        val random = Random(3)
                        var state = seats[0].state
                        repeat(5) { if (state.active()) state = playStep(seats, random) }
                        server.kill()
                        repeat(5) { if (state.active()) state = playStep(seats, random) } // while the watcher's server is down
                        server.start()
                        repeat(5000) { if (state.active()) state = playStep(seats, random) }
                        assertEquals((1..state.match.version).toList(), watched.await())
                    }
                }
            }
        } finally {
            server.kill()
        }
    }
}

// built with the Kotlin DSL of protobuf-kotlin-lite
private val shortDeck = gameOptions { upOrDown = upOrDownOptions { cardRange = "SHORT" } }

/** A started 2-seat Up or Down? match; the seats indexed by seat number. */
internal suspend fun tableOfTwo(client: CardroomClient): List<Seat> {
    val creator = client.createMatch("up-or-down", 2, playerName = "kt-0", options = shortDeck)
    val joiner = client.joinMatch(creator.matchName, playerName = "kt-1")
    creator.start()
    return listOf(creator, joiner)
}

/**
 * `cardroom serve` started and killed by this test (by its process), against the live test's Redis, on
 * the one port live_server.py keeps for a server of the test's own (below the ephemeral range, so no
 * outgoing connection takes it while the server is down), through its own_server.py. The server's log
 * goes to a file whose end a failure to start quotes (not to the forked JVM's stdout, surefire's channel).
 */
internal class OwnServer {
    val port: Int = System.getenv("CARDROOM_TEST_OWN_GRPC_PORT")?.toInt()
        ?: error("run through tests/support/live_server.py (CARDROOM_TEST_OWN_GRPC_PORT)")
    private var process: Process? = null
    private val log: File = File.createTempFile("cardroom-own-server-", ".log").apply { deleteOnExit() }

    /** Runs the server; returns once it answers a call, fails at once if it exits. */
    fun start() {
        val command = listOf(System.getenv("CARDROOM_TEST_PYTHON"), System.getenv("CARDROOM_TEST_OWN_SERVER"))
        val started = ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log)).start()
        process = started
        // ready once it answers a call (grpc-services' health stubs need the full protobuf runtime)
        connect("127.0.0.1:$port", tls = false).use { probe ->
            val deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60)
            while (System.nanoTime() < deadline) {
                check(started.isAlive) { "own server exited with ${started.exitValue()} before serving: ${logEnd()}" }
                val answered = runCatching { runBlocking { withTimeout(1_000) { probe.listGames() } } }.isSuccess
                if (answered) return
                Thread.sleep(100)
            }
        }
        error("own server not answering after 60 s: ${logEnd()}")
    }

    private fun logEnd() = log.readText().takeLast(2000)

    fun kill() {
        process?.destroyForcibly()?.waitFor()
        process = null
    }
}
