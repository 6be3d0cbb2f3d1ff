#include "subprocess.h"

#include <chrono>
#include <csignal>
#include <istream>
#include <sys/wait.h>

namespace gequ::apps::test {

using wiring::Config;

std::map<std::string, std::string> isolatedEnv(const std::map<std::string, std::string>& overrides,
                                               const std::vector<std::string>& leave) {
    std::map<std::string, std::string> env;
    for (const auto& spec : Config::knownKeys()) {
        env[Config::envName(std::string(spec.name))] = std::string(spec.defaultValue);
    }
    for (const auto& [key, value] : overrides) {
        env[Config::envName(key)] = value;
    }
    for (const auto& key : leave) {
        env.erase(Config::envName(key));
    }
    return env;
}

Child::Child(const std::string& program, const std::vector<std::string>& args, const std::string& dir,
             const std::map<std::string, std::string>& env, int timeoutSeconds) {
    _handle = std::make_unique<Poco::ProcessHandle>(
        Poco::Process::launch(program, args, dir, nullptr, &_outPipe, &_errPipe, env));
    _out = std::make_unique<Poco::PipeInputStream>(_outPipe);
    _errReader = std::thread([this] {
        Poco::PipeInputStream in(_errPipe);
        std::string line;
        while (std::getline(in, line)) {
            std::lock_guard<std::mutex> lock(_mutex);
            _err += line + "\n";
        }
    });
    const int pid = _handle->id();
    _watchdog = std::thread([this, pid, timeoutSeconds] {
        std::unique_lock<std::mutex> lock(_mutex);
        if (!_done.wait_for(lock, std::chrono::seconds(timeoutSeconds), [this] { return _exited; })) {
            ::kill(pid, SIGKILL);
        }
    });
}

Child::~Child() {
    {
        std::lock_guard<std::mutex> lock(_mutex);
        if (!_exited) {
            ::kill(_handle->id(), SIGKILL);
        }
    }
    wait();
}

bool Child::readLine(std::string& line) {
    return static_cast<bool>(std::getline(*_out, line));
}

int Child::pid() const {
    return _handle->id();
}

void Child::signal(int signo) {
    ::kill(_handle->id(), signo);
}

int Child::wait() {
    {
        std::lock_guard<std::mutex> lock(_mutex);
        if (_exited) {
            return _status;
        }
    }
    const int status = _handle->wait();
    {
        std::lock_guard<std::mutex> lock(_mutex);
        _exited = true;
        _status = status;
    }
    _done.notify_all();
    if (_watchdog.joinable()) {
        _watchdog.join();
    }
    if (_errReader.joinable()) {
        _errReader.join();
    }
    return status;
}

std::string Child::err() {
    std::lock_guard<std::mutex> lock(_mutex);
    return _err;
}

RunResult runProgram(const std::string& program, const std::vector<std::string>& args, const std::string& dir,
                     const std::map<std::string, std::string>& env, int timeoutSeconds) {
    Child child(program, args, dir, env, timeoutSeconds);
    RunResult result;
    std::string line;
    while (child.readLine(line)) {
        result.out += line + "\n";
    }
    result.status = child.wait();
    result.err = child.err();
    return result;
}

} // namespace gequ::apps::test
